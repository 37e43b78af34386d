import { eq } from 'drizzle-orm';
import { base64url } from 'jose';
import { describe, expect, it } from 'vitest';
import { buildCustomer, buildTenant, TEST_PASSWORD } from '../../../../tests/support/factories';
import { signIn } from '../../../../tests/support/sessions';
import { useTestApp } from '../../../../tests/support/test-app';
import { accountMessages } from '../../../shared/messages';
import { customers, emailOutbox, signupCodes } from '../../db/schema';
import { signAccessToken } from './tokens';

const t = useTestApp({
  seed: {
    tenants: [
      buildTenant({
        subdomain: 'alpha',
        contactEmail: 'help@alpha.example',
        customers: [
          buildCustomer({
            fullname: 'Dana Alpha',
            email: 'Dana@Example.com',
            building: 'Tower A',
            unit: '12',
          }),
          buildCustomer({ fullname: 'Eve Alpha', email: 'eve@example.com' }),
        ],
        signupCodes: [{ code: 'ALPHA1' }, { code: 'ALPHA2' }, { code: 'used-1', isUsed: true }],
      }),
      buildTenant({
        subdomain: 'beta',
        customers: [
          buildCustomer({ fullname: 'Dana Beta', email: 'dana@example.com', password: 'Other#Pass1' }),
        ],
      }),
      buildTenant({
        subdomain: 'gated',
        isPrivate: true,
        isLoginOnly: true,
        signupCodes: [{ code: 'GATE-1' }],
      }),
      buildTenant({
        subdomain: 'tickets',
        isCitationOnly: true,
        contactEmail: 'help@tickets.example',
        signupCodes: [{ code: 'TIX1' }],
        customers: [buildCustomer({ fullname: 'Tia Tickets', email: 'tia@example.com' })],
      }),
    ],
  },
});

const login = (subdomain: string, payload: Record<string, unknown>) =>
  t.request(subdomain, { method: 'POST', url: '/api/v1/auth/customer/login', payload });
/** A valid sign-up on `subdomain` but for what the test overrides. */
const signup = (subdomain: string, overrides: Record<string, unknown>) =>
  t.request(subdomain, {
    method: 'POST',
    url: '/api/v1/auth/customer/signup',
    payload: { password: 'Strong#Pass1', fullname: 'New Customer', entitySubdomain: subdomain, ...overrides },
  });
const me = (subdomain: string, authorization?: string) =>
  t.request(subdomain, {
    method: 'GET',
    url: '/api/v1/portal/customer',
    headers: authorization ? { authorization } : {},
  });

describe('POST /auth/customer/login', () => {
  it('answers jwtToken, uuid and customerPublicId, with the email compared lower-cased', async () => {
    const response = await login('alpha', {
      email: ' DANA@example.com ',
      password: TEST_PASSWORD,
      entitySubdomain: 'alpha',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['customerPublicId', 'jwtToken', 'uuid']);
    expect((await me('alpha', `Bearer ${body.jwtToken}`)).json()).toMatchObject({
      uuid: body.uuid,
      fullname: 'Dana Alpha',
    });
  });

  it('is a 401 with the spec text for a wrong password and for an unknown address alike', async () => {
    const wrong = await login('alpha', {
      email: 'dana@example.com',
      password: 'Wrong#Pass1',
      entitySubdomain: 'alpha',
    });
    const unknown = await login('alpha', {
      email: 'nobody@example.com',
      password: TEST_PASSWORD,
      entitySubdomain: 'alpha',
    });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe(
        'Username or password is incorrect. For more help contact help@alpha.example.',
      );
    }
  });

  it('keeps accounts of the same address on two tenants apart', async () => {
    expect(
      (await login('beta', { email: 'dana@example.com', password: TEST_PASSWORD, entitySubdomain: 'beta' }))
        .statusCode,
    ).toBe(401);
    expect(
      (await login('beta', { email: 'dana@example.com', password: 'Other#Pass1', entitySubdomain: 'beta' }))
        .statusCode,
    ).toBe(200);
  });

  it("is a 403 with the spec's 'unauthorized' text on a tenant without a permit dashboard", async () => {
    const response = await login('tickets', {
      email: 'tia@example.com',
      password: TEST_PASSWORD,
      entitySubdomain: 'tickets',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(
      'This user account is unauthorized for permit dashboard access. For more help contact your team superadmin or help@tickets.example.',
    );
    const wrong = await login('tickets', {
      email: 'tia@example.com',
      password: 'Wrong#Pass1',
      entitySubdomain: 'tickets',
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('is a 404 for an unknown tenant or another tenant named on a tenant host', async () => {
    expect(
      (await login('alpha', { email: 'dana@example.com', password: TEST_PASSWORD, entitySubdomain: 'beta' }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await login(null as unknown as string, {
          email: 'dana@example.com',
          password: TEST_PASSWORD,
          entitySubdomain: 'nope',
        })
      ).statusCode,
    ).toBe(404);
  });

  it.each([
    ['no body', undefined],
    ['missing password', { email: 'dana@example.com', entitySubdomain: 'alpha' }],
    ['empty password', { email: 'dana@example.com', password: '', entitySubdomain: 'alpha' }],
    ['numeric email', { email: 42, password: TEST_PASSWORD, entitySubdomain: 'alpha' }],
    [
      'huge password',
      { email: 'dana@example.com', password: 'A#1a'.repeat(10_000), entitySubdomain: 'alpha' },
    ],
    ['bad subdomain', { email: 'dana@example.com', password: TEST_PASSWORD, entitySubdomain: 'al pha!' }],
    ['array body', [1, 2]],
  ])('is a 400 for %s', async (_name, payload) => {
    const response = await login('alpha', payload as Record<string, unknown>);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'bad_request', message: expect.any(String) });
  });
});

describe('bearer tokens on customer calls', () => {
  it('is a 401 without a token, with a malformed one and with a tampered one', async () => {
    expect((await me('alpha')).statusCode).toBe(401);
    expect((await me('alpha', 'Bearer nonsense')).statusCode).toBe(401);
    expect((await me('alpha', 'Basic ZGFuYTpwdw==')).statusCode).toBe(401);
    const authorization = await signIn(t, 'alpha', 'dana@example.com');
    const [header, payload, signature] = authorization.slice(7).split('.');
    const claims = JSON.parse(new TextDecoder().decode(base64url.decode(payload ?? '')));
    const tampered = base64url.encode(JSON.stringify({ ...claims, ver: claims.ver + 1 }));
    expect((await me('alpha', `Bearer ${header}.${tampered}.${signature}`)).statusCode).toBe(401);
    const none = base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }));
    expect((await me('alpha', `Bearer ${none}.${payload}.`)).statusCode).toBe(401);
  });

  it("refuses tenant A's token on tenant B, and accepts it on A", async () => {
    const authorization = await signIn(t, 'alpha', 'dana@example.com');
    expect((await me('beta', authorization)).statusCode).toBe(401);
    expect((await me('alpha', authorization)).statusCode).toBe(200);
  });

  it('refuses a token whose customer belongs to another tenant even when signed for this one', async () => {
    const [beta] = await t.db.select().from(customers).where(eq(customers.fullname, 'Dana Beta'));
    const token = await signAccessToken(t.config, {
      subject: beta?.id ?? '',
      subdomain: 'alpha',
      role: 'customer',
      version: 0,
    });
    expect((await me('alpha', `Bearer ${token}`)).statusCode).toBe(401);
  });

  it('refuses an operator token on customer calls', async () => {
    const [dana] = await t.db.select().from(customers).where(eq(customers.fullname, 'Dana Alpha'));
    const token = await signAccessToken(t.config, {
      subject: dana?.id ?? '',
      subdomain: 'alpha',
      role: 'operator',
      version: dana?.tokenVersion ?? 0,
    });
    expect((await me('alpha', `Bearer ${token}`)).statusCode).toBe(401);
  });

  it('refuses an expired token', async () => {
    const authorization = await signIn(t, 'alpha', 'eve@example.com');
    t.clock.set(new Date(Date.parse('2026-11-20T15:00:00Z') + (t.config.JWT_TTL_SECONDS + 60) * 1000));
    try {
      expect((await me('alpha', authorization)).statusCode).toBe(401);
    } finally {
      t.clock.set('2026-11-20T15:00:00Z');
    }
    expect((await me('alpha', authorization)).statusCode).toBe(200);
  });
});

describe('POST /auth/customer/signup', () => {
  it('creates the account, consumes the code, queues the welcome email and signs in', async () => {
    const response = await signup('alpha', {
      email: ' New.Person@Example.com',
      fullname: '  New Person ',
      unit: '7B',
      signupCode: ' alpha 1 ',
    });
    expect(response.statusCode).toBe(200);
    const customer = (await me('alpha', `Bearer ${response.json().jwtToken}`)).json();
    expect(customer).toMatchObject({
      email: 'New.Person@Example.com',
      fullname: 'New Person',
      unit: '7B',
      signupCode: 'ALPHA1',
      isEmailVerified: false,
    });
    const [code] = await t.db.select().from(signupCodes).where(eq(signupCodes.code, 'ALPHA1'));
    expect(code?.usedByCustomerId).toBe(customer.uuid);
    const emails = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, 'New.Person@Example.com'));
    expect(emails).toHaveLength(1);
    expect(emails[0]?.content.action?.url).toMatch(
      /^http:\/\/alpha\.localhost:3000\/permits\/verify_email\/[0-9a-f-]{36}$/,
    );
  });

  it('is a 409 with the spec text for an address already registered, in any case', async () => {
    const response = await signup('alpha', { email: 'DANA@EXAMPLE.COM' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(accountMessages.signupEmailTaken);
  });

  it('refuses a used code and an unknown code, and leaves no account behind', async () => {
    const used = await signup('alpha', { email: 'u1@example.com', signupCode: 'ALPHA1' });
    expect(used.statusCode).toBe(401);
    expect(used.json().message).toBe(accountMessages.codeUsed);
    const unknown = await signup('alpha', { email: 'u1@example.com', signupCode: 'NOPE' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe(accountMessages.codeInvalid);
    expect(
      (await login('alpha', { email: 'u1@example.com', password: 'Strong#Pass1', entitySubdomain: 'alpha' }))
        .statusCode,
    ).toBe(401);
  });

  it("does not accept another tenant's code", async () => {
    const response = await signup('alpha', { email: 'u2@example.com', signupCode: 'GATE-1' });
    expect(response.statusCode).toBe(401);
  });

  it('needs a code on a private login-only tenant', async () => {
    const without = await signup('gated', { email: 'g@example.com' });
    expect(without.statusCode).toBe(401);
    const withCode = await signup('gated', { email: 'g@example.com', signupCode: 'gate-1' });
    expect(withCode.statusCode).toBe(200);
  });

  it('is a 403 on a tenant that issues no passes', async () => {
    const response = await signup('tickets', { email: 't@example.com' });
    expect(response.statusCode).toBe(403);
  });

  it.each([
    ['weak password', { password: 'weakpass' }, /stronger/],
    ['no special character', { password: 'Strong1Pass' }, /stronger/],
    ['no digit', { password: 'Strong#Pass' }, /stronger/],
    ['no uppercase', { password: 'strong#pass1' }, /stronger/],
    ['no lowercase', { password: 'STRONG#PASS1' }, /stronger/],
    ['short password', { password: 'S#1s' }, /stronger/],
    ['invalid email', { email: 'not-an-email' }, /email/],
    ['empty fullname', { fullname: '   ' }, /^Please enter your name\.$/],
    ['code with symbols', { signupCode: 'AB$%' }, /^This code is not valid\./],
    ['object as unit', { unit: { a: 1 } }, /unit/],
    ['long fullname', { fullname: 'x'.repeat(5000) }, /fullname/],
  ])('is a 400 for %s', async (_name, override, message) => {
    const response = await signup('alpha', {
      email: 'bad-input@example.com',
      fullname: 'Bad Input',
      ...override,
    });
    expect(response.statusCode).toBe(400);
    // A field's name stays in `field` (issue 33); the message is the person's sentence.
    expect([response.json().field, response.json().message]).toContainEqual(expect.stringMatching(message));
  });
});

describe('GET /auth/customer/checkcode', () => {
  const check = (subdomain: string, code: string) =>
    t.request(subdomain, {
      method: 'GET',
      url: `/api/v1/auth/customer/checkcode?code=${encodeURIComponent(code)}&subdomain=${subdomain}`,
    });

  it('accepts an unused code, upper-cased and without whitespace', async () => {
    const response = await check('alpha', ' alpha 2');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 'ALPHA2', isValid: true });
  });

  it('answers 401 for an unknown code, 409 for a used one, 404 on a tenant issuing no passes', async () => {
    expect((await check('alpha', 'UNKNOWN')).statusCode).toBe(401);
    const used = await check('alpha', 'USED-1');
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toBe(accountMessages.codeUsed);
    expect((await check('tickets', 'TIX1')).statusCode).toBe(404);
  });

  it('is a 400 without a code or with a bad one', async () => {
    expect(
      (await t.request('alpha', { method: 'GET', url: '/api/v1/auth/customer/checkcode?subdomain=alpha' }))
        .statusCode,
    ).toBe(400);
    expect((await check('alpha', '')).statusCode).toBe(400);
    expect((await check('alpha', '<script>')).statusCode).toBe(400);
  });
});
