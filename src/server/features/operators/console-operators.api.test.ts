import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOperator, buildTenant, TEST_OPERATOR_PASSWORD } from '../../../../tests/support/factories';
import { signInOperator } from '../../../../tests/support/sessions';
import { TEST_NOW, useTestApp } from '../../../../tests/support/test-app';
import { consoleMessages } from '../../../shared/messages';
import { auditLog, emailOutbox, operators, operatorTokens } from '../../db/schema';
import { updateOperator } from './manage-operators';

const alpha = buildTenant({
  subdomain: 'alpha',
  brandTitle: 'Alpha Parking',
  operators: [
    buildOperator({ email: 'admin@alpha.example', fullname: 'Ada Admin' }),
    buildOperator({ email: 'second@alpha.example', fullname: 'Sam Second' }),
    buildOperator({ email: 'staff@alpha.example', fullname: 'Stu Staff', role: 'staff' }),
    buildOperator({ email: 'officer@alpha.example', fullname: 'Oli Officer', role: 'enforcement' }),
  ],
});
const beta = buildTenant({
  subdomain: 'beta',
  // Beta offers English and French only (issue 30).
  languages: ['en', 'fr'],
  operators: [buildOperator({ email: 'admin@beta.example', fullname: 'Bea Admin' })],
});
const t = useTestApp({ seed: { tenants: [alpha, beta] } });

const tokens = { admin: '', staff: '', officer: '', betaAdmin: '' };
beforeAll(async () => {
  tokens.admin = await signInOperator(t, 'alpha', 'admin@alpha.example');
  tokens.staff = await signInOperator(t, 'alpha', 'staff@alpha.example');
  tokens.officer = await signInOperator(t, 'alpha', 'officer@alpha.example');
  tokens.betaAdmin = await signInOperator(t, 'beta', 'admin@beta.example');
});

const call = (
  authorization: string | undefined,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
  subdomain = 'alpha',
) =>
  t.request(subdomain, {
    method,
    url: `/api/v1${url}`,
    headers: authorization ? { authorization } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function operatorId(email: string): Promise<string> {
  const [row] = await t.db.select().from(operators).where(eq(operators.email, email));
  if (!row) throw new Error(`no operator ${email}`);
  return row.id;
}

/** The token at the end of the newest set-password link emailed to this address. */
async function latestLinkToken(email: string): Promise<string> {
  const rows = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
  const newest = rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).at(-1);
  const url = newest?.content.action?.url ?? '';
  expect(url).toMatch(/^http:\/\/alpha\.[^/]+\/dashboard\/set-password\/[0-9a-f-]{36}$/);
  return url.split('/').at(-1) ?? '';
}

async function countRows() {
  const [ops, audits, mails] = await Promise.all([
    t.db.select().from(operators),
    t.db.select().from(auditLog),
    t.db.select().from(emailOutbox),
  ]);
  return { operators: ops.length, audits: audits.length, mails: mails.length };
}

describe('GET /dashboard/me', () => {
  it("answers the operator's name, email, role and tenant", async () => {
    const response = await call(tokens.staff, 'GET', '/dashboard/me');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      fullname: 'Stu Staff',
      email: 'staff@alpha.example',
      role: 'staff',
      tenant: { subdomain: 'alpha', brandTitle: 'Alpha Parking', timezone: 'America/New_York' },
    });
    // What the role may do, so the console offers only those actions.
    expect(response.json().permissions).toEqual(expect.arrayContaining(['notice.edit', 'pass.approve']));
    expect(response.json().permissions).not.toContain('settings.manage');
  });
  it("is a 401 without a token, and with another tenant's token", async () => {
    expect((await call(undefined, 'GET', '/dashboard/me')).statusCode).toBe(401);
    expect((await call(tokens.betaAdmin, 'GET', '/dashboard/me')).statusCode).toBe(401);
  });
});

describe("the operator's own language (issue 30)", () => {
  it('is saved on the account, answered by /dashboard/me and at sign-in, and cleared with null', async () => {
    const me = await call(tokens.officer, 'GET', '/dashboard/me');
    expect(me.json()).toMatchObject({ language: null, tenant: { languages: ['en', 'fr', 'es'] } });
    const saved = await call(tokens.officer, 'PUT', '/dashboard/me/language', { language: 'fr' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ language: 'fr' });
    expect((await call(tokens.officer, 'GET', '/dashboard/me')).json().language).toBe('fr');
    const [row] = await t.db.select().from(operators).where(eq(operators.email, 'officer@alpha.example'));
    expect(row?.language).toBe('fr');
    // Signing in on another device (the patrol app) answers it, so the app opens in French.
    const login = await call(undefined, 'POST', '/dashboard/auth/login', {
      email: 'officer@alpha.example',
      password: TEST_OPERATOR_PASSWORD,
    });
    expect(login.json()).toMatchObject({ language: 'fr' });
    // Another operator's is untouched.
    expect((await call(tokens.staff, 'GET', '/dashboard/me')).json().language).toBeNull();
    expect((await call(tokens.officer, 'PUT', '/dashboard/me/language', { language: null })).statusCode).toBe(
      200,
    );
    expect((await call(tokens.officer, 'GET', '/dashboard/me')).json().language).toBeNull();
  });

  it("writes each change to the audit log, which reads it as words in the reader's language", async () => {
    const [officer] = await t.db.select().from(operators).where(eq(operators.email, 'officer@alpha.example'));
    const entries = async () =>
      (await t.db.select().from(auditLog).where(eq(auditLog.entityId, officer!.id)))
        .filter((row) => row.action === 'operator.language')
        .sort((a, b) => a.id - b.id);
    const already = (await entries()).length;
    await call(tokens.officer, 'PUT', '/dashboard/me/language', { language: 'es' });
    await call(tokens.officer, 'PUT', '/dashboard/me/language', { language: 'es' }); // no change, no entry
    await call(tokens.officer, 'PUT', '/dashboard/me/language', { language: null });
    const written = (await entries()).slice(already);
    expect(written.map(({ operatorId, before, after }) => ({ operatorId, before, after }))).toEqual([
      { operatorId: officer!.id, before: { language: null }, after: { language: 'es' } },
      { operatorId: officer!.id, before: { language: 'es' }, after: { language: null } },
    ]);
    const csv = await call(tokens.admin, 'GET', '/dashboard/audit/export?lang=fr');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Langue de l’opérateur modifiée');
    expect(csv.body).toContain('Langue : Celle du navigateur ou du portail → Español');
  });

  it('refuses a language the tenant does not offer, or none we know, with a 400, and writes nothing', async () => {
    const notOffered = await call(
      tokens.betaAdmin,
      'PUT',
      '/dashboard/me/language',
      { language: 'es' },
      'beta',
    );
    expect(notOffered.statusCode).toBe(400);
    expect(notOffered.json().message).toBe('This portal does not offer that language.');
    for (const payload of [{ language: 'de' }, { language: 'FR' }, {}, { language: 3 }]) {
      const response = await call(tokens.admin, 'PUT', '/dashboard/me/language', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toBeTruthy();
    }
    const rows = await t.db.select().from(operators);
    expect(rows.filter((operator) => operator.language !== null)).toEqual([]);
    const me = await call(tokens.betaAdmin, 'GET', '/dashboard/me', undefined, 'beta');
    expect(me.json().tenant.languages).toEqual(['en', 'fr']);
  });

  it('is a 401 without a token, and on another tenant with this one', async () => {
    expect((await call(undefined, 'PUT', '/dashboard/me/language', { language: 'fr' })).statusCode).toBe(401);
    expect(
      (await call(tokens.admin, 'PUT', '/dashboard/me/language', { language: 'fr' }, 'beta')).statusCode,
    ).toBe(401);
  });
});

describe('the operators page', () => {
  it('lists the tenant’s operators to admins only', async () => {
    const response = await call(tokens.admin, 'GET', '/dashboard/operators');
    expect(response.statusCode).toBe(200);
    const emails = response.json().map((operator: { email: string }) => operator.email);
    expect(emails).toContain('officer@alpha.example');
    expect(emails).not.toContain('admin@beta.example');
    expect(response.json()[0]).not.toHaveProperty('passwordHash');
    expect((await call(tokens.staff, 'GET', '/dashboard/operators')).statusCode).toBe(403);
    expect((await call(tokens.officer, 'GET', '/dashboard/operators')).statusCode).toBe(403);
  });

  it('refuses bad input with a 400 and writes nothing', async () => {
    const before = await countRows();
    for (const payload of [
      { email: 'not-an-email', fullname: 'X', role: 'staff' },
      { email: 'ok@alpha.example', fullname: '', role: 'staff' },
      { email: 'ok@alpha.example', fullname: 'X', role: 'owner' },
      { email: 'ok@alpha.example', fullname: 'X' },
    ]) {
      const response = await call(tokens.admin, 'POST', '/dashboard/operators', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^[A-Z].*\.$/);
    }
    expect(await countRows()).toEqual(before);
  });

  it('refuses staff and officers with a 403 and writes nothing', async () => {
    const before = await countRows();
    const payload = { email: 'sneaky@alpha.example', fullname: 'Sneaky', role: 'tenant_admin' };
    expect((await call(tokens.staff, 'POST', '/dashboard/operators', payload)).statusCode).toBe(403);
    expect((await call(tokens.officer, 'POST', '/dashboard/operators', payload)).statusCode).toBe(403);
    expect(await countRows()).toEqual(before);
  });

  it('invites by email: a single-use link sets the password, then the invitee signs in', async () => {
    const invite = await call(tokens.admin, 'POST', '/dashboard/operators', {
      email: ' New.Person@Alpha.example ',
      fullname: 'Nina New',
      role: 'staff',
    });
    expect(invite.statusCode).toBe(200);
    expect(invite.json()).toMatchObject({
      email: 'new.person@alpha.example',
      role: 'staff',
      status: 'invited',
    });
    // Before the link is followed, the account has no password to sign in with.
    const early = await call(undefined, 'POST', '/dashboard/auth/login', {
      email: 'new.person@alpha.example',
      password: 'Whatever#2026',
    });
    expect(early.statusCode).toBe(401);

    const token = await latestLinkToken('new.person@alpha.example');
    const [stored] = await t.db.select().from(operatorTokens).where(eq(operatorTokens.purpose, 'invitation'));
    expect(stored?.tokenHash).not.toContain(token);

    const weak = await call(undefined, 'POST', '/dashboard/auth/set-password', { token, password: 'short' });
    expect(weak.statusCode).toBe(400);
    const set = await call(undefined, 'POST', '/dashboard/auth/set-password', {
      token,
      password: 'Welcome#2026',
    });
    expect(set.statusCode).toBe(200);
    const again = await call(undefined, 'POST', '/dashboard/auth/set-password', {
      token,
      password: 'Another#2026',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(consoleMessages.linkInvalid);

    await signInOperator(t, 'alpha', 'new.person@alpha.example', 'Welcome#2026');
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, invite.json().uuid));
    expect(audit.map((row) => row.action).sort()).toEqual(['operator.accept-invitation', 'operator.invite']);
  });

  it("refuses an expired invitation, and another tenant's link", async () => {
    const invite = await call(tokens.admin, 'POST', '/dashboard/operators', {
      email: 'late@alpha.example',
      fullname: 'Larry Late',
      role: 'enforcement',
    });
    expect(invite.statusCode).toBe(200);
    const token = await latestLinkToken('late@alpha.example');
    const elsewhere = await call(
      undefined,
      'POST',
      '/dashboard/auth/set-password',
      { token, password: 'Welcome#2026' },
      'beta',
    );
    expect(elsewhere.statusCode).toBe(400);
    t.clock.advanceDays(8);
    try {
      const expired = await call(undefined, 'POST', '/dashboard/auth/set-password', {
        token,
        password: 'Welcome#2026',
      });
      expect(expired.statusCode).toBe(400);
    } finally {
      t.clock.set(TEST_NOW);
    }
    // A fresh link replaces it; the old one stays dead.
    const resend = await call(tokens.admin, 'POST', `/dashboard/operators/${invite.json().uuid}/invitation`);
    expect(resend.statusCode).toBe(200);
    const fresh = await latestLinkToken('late@alpha.example');
    expect(fresh).not.toBe(token);
    expect(
      (await call(undefined, 'POST', '/dashboard/auth/set-password', { token, password: 'Welcome#2026' }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await call(undefined, 'POST', '/dashboard/auth/set-password', {
          token: fresh,
          password: 'Welcome#2026',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('answers 409 for an email already taken', async () => {
    const response = await call(tokens.admin, 'POST', '/dashboard/operators', {
      email: 'STAFF@alpha.example',
      fullname: 'Dup',
      role: 'staff',
    });
    expect(response.statusCode).toBe(409);
  });

  it("changes a role (the operator's tokens are revoked) and keeps the audit trail", async () => {
    const officerToken = await signInOperator(t, 'alpha', 'officer@alpha.example');
    const id = await operatorId('officer@alpha.example');
    const response = await call(tokens.admin, 'PUT', `/dashboard/operators/${id}`, { role: 'staff' });
    expect(response.statusCode).toBe(200);
    expect(response.json().role).toBe('staff');
    expect((await call(officerToken, 'GET', '/dashboard/me')).statusCode).toBe(401);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'operator.update')));
    expect(entry?.before).toMatchObject({ role: 'enforcement' });
    expect(entry?.after).toMatchObject({ role: 'staff' });
    expect(entry?.actorLabel).toBe('admin@alpha.example');
    // Back as it was, for the other tests.
    await call(tokens.admin, 'PUT', `/dashboard/operators/${id}`, { role: 'enforcement' });
    tokens.officer = await signInOperator(t, 'alpha', 'officer@alpha.example');
  });

  it('disables an operator: their tokens stop working and they cannot sign in', async () => {
    const secondToken = await signInOperator(t, 'alpha', 'second@alpha.example');
    const id = await operatorId('second@alpha.example');
    const response = await call(tokens.admin, 'PUT', `/dashboard/operators/${id}`, { isDisabled: true });
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('disabled');
    expect((await call(secondToken, 'GET', '/dashboard/me')).statusCode).toBe(401);
    const login = await call(undefined, 'POST', '/dashboard/auth/login', {
      email: 'second@alpha.example',
      password: 'Operator#2026',
    });
    expect(login.statusCode).toBe(401);
    const enabled = await call(tokens.admin, 'PUT', `/dashboard/operators/${id}`, { isDisabled: false });
    expect(enabled.json().status).toBe('active');
  });

  it('keeps the last active admin, and an admin cannot change themself', async () => {
    const self = await operatorId('admin@alpha.example');
    const second = await operatorId('second@alpha.example');
    expect(
      (await call(tokens.admin, 'PUT', `/dashboard/operators/${self}`, { role: 'staff' })).statusCode,
    ).toBe(409);
    expect(
      (await call(tokens.admin, 'PUT', `/dashboard/operators/${self}`, { isDisabled: true })).statusCode,
    ).toBe(409);
    // Sam stops being an admin: Ada is now the last active one.
    expect(
      (await call(tokens.admin, 'PUT', `/dashboard/operators/${second}`, { role: 'staff' })).statusCode,
    ).toBe(200);
    // Through HTTP only another admin can reach Ada, and then she is not the last; the guard is for
    // a request that raced with its own demotion. Call the service as such a stale request.
    const [sam] = await t.db.select().from(operators).where(eq(operators.id, second));
    const tenant = await t.app.tenants.reload('alpha');
    if (!sam || !tenant) throw new Error('seed missing');
    const stale = updateOperator({
      db: t.db,
      config: t.config,
      clock: t.clock,
      access: {
        tenant,
        operator: { ...sam, role: 'tenant_admin' },
        auditActor: { operatorId: sam.id, label: sam.email },
      },
      operatorId: self,
      changes: { isDisabled: true },
    });
    await expect(stale).rejects.toMatchObject({ statusCode: 409, message: consoleMessages.lastAdmin });
    const [ada] = await t.db.select().from(operators).where(eq(operators.id, self));
    expect(ada?.disabledAt).toBeNull();
    await call(tokens.admin, 'PUT', `/dashboard/operators/${second}`, { role: 'tenant_admin' });
  });

  it("is a 404 for another tenant's operator, and writes nothing", async () => {
    const alphaStaff = await operatorId('staff@alpha.example');
    const before = await countRows();
    const response = await call(
      tokens.betaAdmin,
      'PUT',
      `/dashboard/operators/${alphaStaff}`,
      { isDisabled: true },
      'beta',
    );
    expect(response.statusCode).toBe(404);
    const resend = await call(
      tokens.betaAdmin,
      'POST',
      `/dashboard/operators/${alphaStaff}/invitation`,
      undefined,
      'beta',
    );
    expect(resend.statusCode).toBe(404);
    expect(await countRows()).toEqual(before);
  });
});

describe('operator password reset', () => {
  it('emails a link to a known operator and answers the same for an unknown address', async () => {
    const known = await call(undefined, 'POST', '/dashboard/auth/forgot-password', {
      email: 'staff@alpha.example',
    });
    const unknown = await call(undefined, 'POST', '/dashboard/auth/forgot-password', {
      email: 'nobody@alpha.example',
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    const staffToken = await signInOperator(t, 'alpha', 'staff@alpha.example');
    const token = await latestLinkToken('staff@alpha.example');
    const set = await call(undefined, 'POST', '/dashboard/auth/set-password', {
      token,
      password: 'Changed#2026',
    });
    expect(set.statusCode).toBe(200);
    // Every earlier session ends with the reset.
    expect((await call(staffToken, 'GET', '/dashboard/me')).statusCode).toBe(401);
    tokens.staff = await signInOperator(t, 'alpha', 'staff@alpha.example', 'Changed#2026');
  });

  it('signs out everywhere', async () => {
    const first = await signInOperator(t, 'alpha', 'officer@alpha.example');
    const response = await call(first, 'POST', '/dashboard/auth/sign-out-everywhere');
    expect(response.statusCode).toBe(200);
    expect((await call(first, 'GET', '/dashboard/me')).statusCode).toBe(401);
    tokens.officer = await signInOperator(t, 'alpha', 'officer@alpha.example');
  });
});
