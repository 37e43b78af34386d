import { beforeAll, describe, expect, it } from 'vitest';
import { buildCitation, buildOperator, buildTenant } from '../../../../tests/support/factories';
import { signInOperator } from '../../../../tests/support/sessions';
import { TEST_NOW, useTestApp } from '../../../../tests/support/test-app';
import { createApiKey } from '../enforcement/api-keys';
import { findTenantBySubdomain } from '../tenancy/queries';

/** Archived violation codes (issue 33): kept on old notices, refused for new ones; field codes in any case. */
const alpha = buildTenant({
  subdomain: 'alpha',
  citationCodes: [
    { name: 'EXPIRED METER', amount: 4500 },
    { name: 'OLD RULE', amount: 3000 },
    { name: 'Mixed Case', amount: 2000 },
  ],
  citations: [buildCitation({ citationNumber: 'OLD1', plate: 'OLD1', citationName: 'OLD RULE' })],
  operators: [
    buildOperator({ email: 'admin@alpha.example' }),
    buildOperator({ email: 'officer@alpha.example', role: 'enforcement' }),
  ],
});
const beta = buildTenant({ subdomain: 'beta', operators: [buildOperator({ email: 'admin@beta.example' })] });
const t = useTestApp({ seed: { tenants: [alpha, beta] } });

const tokens = { admin: '', officer: '', beta: '' };
let fieldKey = '';
beforeAll(async () => {
  tokens.admin = await signInOperator(t, 'alpha', 'admin@alpha.example');
  tokens.officer = await signInOperator(t, 'alpha', 'officer@alpha.example');
  tokens.beta = await signInOperator(t, 'beta', 'admin@beta.example');
  const tenant = await findTenantBySubdomain(t.db, 'alpha');
  fieldKey = (await createApiKey(t.db, { tenantId: tenant!.id, name: 'Truck 1' })).key;
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, authorization: string, payload?: object) =>
  t.request(authorization === tokens.beta ? 'beta' : 'alpha', {
    method,
    url: `/api/v1${url}`,
    headers: { authorization },
    ...(payload ? { payload } : {}),
  });

async function codeNamed(name: string) {
  const codes = (await call('GET', '/dashboard/violation-codes', tokens.admin)).json() as Array<{
    uuid: string;
    name: string;
    archivedAt: string | null;
  }>;
  const code = codes.find((entry) => entry.name === name);
  if (!code) throw new Error(`no code ${name}`);
  return code;
}

const fieldNotice = (payload: Record<string, unknown>) =>
  t.request('alpha', {
    method: 'POST',
    url: '/api/v1/enforcement/citations',
    headers: { authorization: `Bearer ${fieldKey}` },
    payload: { plate: 'FLD1', ...payload },
  });

describe('archiving a violation code', () => {
  it('archives once, lists it with archivedAt, and writes one audit entry', async () => {
    const code = await codeNamed('OLD RULE');
    expect(code.archivedAt).toBeNull();
    const archived = await call('POST', `/dashboard/violation-codes/${code.uuid}/archive`, tokens.admin);
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toMatchObject({ name: 'OLD RULE', archivedAt: TEST_NOW });
    // Again: the same answer and no second entry.
    const again = await call('POST', `/dashboard/violation-codes/${code.uuid}/archive`, tokens.admin);
    expect(again.json().archivedAt).toBe(TEST_NOW);
    expect((await codeNamed('OLD RULE')).archivedAt).toBe(TEST_NOW);
    const audit = await call('GET', '/dashboard/audit?entityType=violation-code', tokens.admin);
    const entries = (audit.json().entries as Array<{ action: string; entityId: string }>).filter(
      (entry) => entry.action === 'violation-code.archive',
    );
    expect(entries).toHaveLength(1);
  });

  it('keeps the code on the old notice, which can still be corrected with it', async () => {
    const code = await codeNamed('OLD RULE');
    const search = await t.request('alpha', {
      method: 'GET',
      url: '/api/v1/portal/citation/p/OLD1/n/blank/o/alpha',
    });
    const uuid = search.json()[0].uuid as string;
    const detail = await call('GET', `/dashboard/notices/${uuid}`, tokens.admin);
    expect(detail.json().citation).toMatchObject({ citationName: 'OLD RULE', citationCodeUUID: code.uuid });
    const corrected = await call('PUT', `/dashboard/notices/${uuid}`, tokens.admin, {
      plate: 'OLD1',
      citationCodeUUID: code.uuid,
      location: 'Lot B',
    });
    expect(corrected.statusCode).toBe(200);
    expect(corrected.json().citation).toMatchObject({ location: 'Lot B', citationName: 'OLD RULE' });
    // Moving another notice onto the archived code is refused.
    const created = await call('POST', '/dashboard/notices', tokens.admin, {
      plate: 'NEW1',
      citationCodeUUID: (await codeNamed('EXPIRED METER')).uuid,
    });
    expect(created.statusCode).toBe(200);
    const moved = await call('PUT', `/dashboard/notices/${created.json().citation.uuid}`, tokens.admin, {
      plate: 'NEW1',
      citationCodeUUID: code.uuid,
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe("The violation code 'OLD RULE' is archived: choose a code in use.");
  });

  it('refuses the archived code for a new console notice, a field notice and an import row', async () => {
    const code = await codeNamed('OLD RULE');
    const console = await call('POST', '/dashboard/notices', tokens.admin, {
      plate: 'NEW2',
      citationCodeUUID: code.uuid,
    });
    expect(console.statusCode).toBe(400);
    expect(console.json().message).toContain('archived');
    const byName = await fieldNotice({ clientId: 'arch-1', citationName: 'old rule' });
    expect(byName.statusCode).toBe(400);
    expect(byName.json().message).toContain('archived');
    const byId = await fieldNotice({ clientId: 'arch-2', citationCodeUUID: code.uuid });
    expect(byId.statusCode).toBe(400);
    const preview = await call('POST', '/dashboard/notices/import/preview', tokens.admin, {
      csv: 'citationNumber,plate,createdOn,violationCode\nIMP1,IMP1,2026-11-19T10:00:00Z,OLD RULE\n',
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().problems).toEqual([
      expect.objectContaining({
        line: 2,
        field: 'violationCode',
        message: expect.stringContaining('archived'),
      }),
    ]);
  });

  it('restores the code for new notices', async () => {
    const code = await codeNamed('OLD RULE');
    const restored = await call('POST', `/dashboard/violation-codes/${code.uuid}/restore`, tokens.admin);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().archivedAt).toBeNull();
    const written = await fieldNotice({ clientId: 'arch-3', citationName: 'Old Rule' });
    expect(written.statusCode).toBe(200);
    expect(written.json().citation).toMatchObject({ amount: 3000, citationName: 'OLD RULE' });
  });

  it('is for the office roles of the tenant; another tenant gets 404', async () => {
    const code = await codeNamed('EXPIRED METER');
    expect(
      (await call('POST', `/dashboard/violation-codes/${code.uuid}/archive`, tokens.officer)).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', `/dashboard/violation-codes/${code.uuid}/archive`, tokens.beta)).statusCode,
    ).toBe(404);
    expect((await codeNamed('EXPIRED METER')).archivedAt).toBeNull();
  });
});

describe("a field notice's code in any case", () => {
  it('matches a code by name whatever its case', async () => {
    const lower = await fieldNotice({ clientId: 'case-1', citationName: 'expired meter' });
    expect(lower.statusCode).toBe(200);
    expect(lower.json().citation).toMatchObject({ amount: 4500, citationName: 'EXPIRED METER' });
    const upper = await fieldNotice({ clientId: 'case-2', citationName: 'MIXED CASE' });
    expect(upper.statusCode).toBe(200);
    expect(upper.json().citation).toMatchObject({ amount: 2000, citationName: 'Mixed Case' });
    expect((await fieldNotice({ clientId: 'case-3', citationName: 'expired meters' })).statusCode).toBe(404);
  });

  it('refuses a console name that differs from another only in case', async () => {
    const clash = await call('POST', '/dashboard/violation-codes', tokens.admin, {
      name: 'mixed case',
      amount: 100,
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe("A violation code named 'Mixed Case' already exists.");
  });
});
