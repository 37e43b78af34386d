import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCitation, buildOperator, buildTenant } from '../../../../tests/support/factories';
import { submitSandboxCheckout } from '../../../../tests/support/sandbox-checkout';
import { signInOperator } from '../../../../tests/support/sessions';
import { useTestApp } from '../../../../tests/support/test-app';
import { NOTICE_SORT_KEYS, type NoticeSortKey } from '../../../shared/contract';
import { queryRows } from '../../db/client';
import { tenants } from '../../db/schema';
import { parseCsv } from '../lists';
import { exportNotices } from './export-notices';

const alpha = buildTenant({
  subdomain: 'alpha',
  timezone: 'America/New_York',
  citationCodes: [
    { name: 'EXPIRED METER', amount: 4500, lateAmount1: 1000, lateDays1: 14 },
    { name: 'NO PERMIT', amount: 7500 },
    { name: 'UNPRICED' },
  ],
  citations: [
    buildCitation({
      citationNumber: 'A1',
      plate: 'ABC123',
      createdOn: '2026-11-01T12:00:00Z',
      amount: 3000,
      citationName: 'NO PERMIT',
    }),
    buildCitation({
      citationNumber: 'A2',
      plate: 'ABD999',
      createdOn: '2026-11-05T12:00:00Z',
      amount: 9000,
      citationName: 'EXPIRED METER',
    }),
    buildCitation({
      citationNumber: 'A3',
      plate: 'ZZZ111',
      createdOn: '2026-11-09T12:00:00Z',
      amount: 1000,
      paymentStatus: 'Paid',
      datePaid: '2026-11-10T00:00:00Z',
      citationName: 'EXPIRED METER',
    }),
    buildCitation({
      citationNumber: 'A4',
      // A plate is letters and digits (decision 174): only the location can look like a formula.
      plate: '1CMDX',
      createdOn: '2026-11-12T12:00:00Z',
      amount: 5000,
      location: '+SUM(A1)',
      citationName: 'EXPIRED METER',
    }),
  ],
  operators: [
    buildOperator({ email: 'admin@alpha.example', role: 'tenant_admin' }),
    buildOperator({ email: 'staff@alpha.example', role: 'staff' }),
    buildOperator({ email: 'officer@alpha.example', role: 'enforcement' }),
  ],
});
const beta = buildTenant({
  subdomain: 'beta',
  citationCodes: [{ name: 'EXPIRED METER', amount: 2000 }],
  citations: [buildCitation({ citationNumber: 'B1', plate: 'ABC123' })],
  operators: [buildOperator({ email: 'admin@beta.example', role: 'tenant_admin' })],
});
const t = useTestApp({ seed: { tenants: [alpha, beta] } });

const tokens: Record<string, string> = {};
const tokenFor = (host: string, email: string) => signInOperator(t, host, email);
beforeAll(async () => {
  tokens.admin = await tokenFor('alpha', 'admin@alpha.example');
  tokens.staff = await tokenFor('alpha', 'staff@alpha.example');
  tokens.enforcement = await tokenFor('alpha', 'officer@alpha.example');
  tokens.betaAdmin = await tokenFor('beta', 'admin@beta.example');
});

type Method = 'GET' | 'POST' | 'PUT';
const call = (as: string, method: Method, url: string, payload?: unknown, host = 'alpha') =>
  t.request(host, {
    method,
    url: `/api/v1/dashboard${url}`,
    headers: { authorization: tokens[as] ?? '' },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const list = async (query: string, as = 'admin') => {
  const response = await call(as, 'GET', `/notices?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { items: { citationNumber: string; amount: number }[]; hasMore: boolean };
};
const numbers = async (query: string) => (await list(query)).items.map((item) => item.citationNumber);

const countRows = async (table: 'citations' | 'citation_codes' | 'audit_log') =>
  Number(
    (await queryRows<{ n: string }>(t.db, sql`SELECT count(*)::text AS n FROM ${sql.identifier(table)}`))[0]!
      .n,
  );

async function noticeId(citationNumber: string, host = 'alpha'): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    t.db,
    sql`SELECT c.id FROM citations c JOIN tenants t ON t.id = c.tenant_id WHERE t.subdomain = ${host} AND c.citation_number = ${citationNumber}`,
  );
  return row!.id;
}
async function codeId(name: string, host = 'alpha'): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    t.db,
    sql`SELECT c.id FROM citation_codes c JOIN tenants t ON t.id = c.tenant_id WHERE t.subdomain = ${host} AND c.name = ${name}`,
  );
  return row!.id;
}

const publicLookup = (plate: string) =>
  t.request('alpha', { method: 'GET', url: `/api/v1/portal/citation/p/${plate}/n/blank/o/alpha` });

describe('the notice list', () => {
  it('sorts on the server by issued date, amount, status and plate, both ways', async () => {
    expect(await numbers('')).toEqual(['A4', 'A3', 'A2', 'A1']);
    expect(await numbers('sort=issued&order=asc')).toEqual(['A1', 'A2', 'A3', 'A4']);
    expect(await numbers('sort=amount&order=desc')).toEqual(['A2', 'A4', 'A1', 'A3']);
    expect(await numbers('sort=plate&order=asc')).toEqual(['A4', 'A1', 'A2', 'A3']);
    expect(await numbers('sort=status&order=asc')).toEqual(['A1', 'A2', 'A4', 'A3']);
  });

  it('filters by status, issue days in the tenant time zone, code and a plate or number prefix', async () => {
    expect(await numbers('status=Paid')).toEqual(['A3']);
    expect(await numbers('from=2026-11-05&to=2026-11-09')).toEqual(['A3', 'A2']);
    expect(await numbers(`codeUUID=${await codeId('NO PERMIT')}`)).toEqual(['A1']);
    expect(await numbers('q=ab')).toEqual(['A2', 'A1']);
    expect(await numbers('q=a 3')).toEqual(['A3']);
    expect(await numbers('q=%25')).toEqual([]);
  });

  it('pages without counting, and answers another tenant only its own notices', async () => {
    const first = await list('pageSize=3');
    expect(first.items.map((item) => item.citationNumber)).toEqual(['A4', 'A3', 'A2']);
    expect(first.hasMore).toBe(true);
    const second = await list('pageSize=3&page=2');
    expect(second.items.map((item) => item.citationNumber)).toEqual(['A1']);
    expect(second.hasMore).toBe(false);
    const beta = await call('betaAdmin', 'GET', '/notices', undefined, 'beta');
    expect(beta.json().items.map((item: { citationNumber: string }) => item.citationNumber)).toEqual(['B1']);
  });

  it('refuses bad filters and pages beyond the bound with a 400', async () => {
    for (const query of [
      'sort=fee',
      'status=Gone',
      'from=2026-13-45',
      'from=2026-11-09&to=2026-11-01',
      'pageSize=500',
      'page=0',
      'page=1000&pageSize=100',
      `q=${'X'.repeat(40)}`,
    ]) {
      const response = await call('admin', 'GET', `/notices?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
  });
});

describe('who may do what', () => {
  const validCode = { name: 'ROLE CHECK', amount: 100 };
  const cases = (ids: { notice: string; code: string }) =>
    [
      ['GET', '/notices', undefined, ['admin', 'staff', 'enforcement']],
      ['GET', '/notices/export', undefined, ['admin', 'staff', 'enforcement']],
      ['GET', `/notices/${ids.notice}`, undefined, ['admin', 'staff', 'enforcement']],
      ['GET', '/violation-codes', undefined, ['admin', 'staff', 'enforcement']],
      ['POST', '/notices', { plate: 'ROLE1', citationCodeUUID: ids.code }, ['admin', 'staff', 'enforcement']],
      ['PUT', `/notices/${ids.notice}`, { plate: 'ABC123', citationCodeUUID: ids.code }, ['admin', 'staff']],
      ['PUT', `/notices/${ids.notice}/amount`, { amountOverride: null, reason: 'check' }, ['admin', 'staff']],
      ['POST', '/notices/import/preview', { csv: 'plate\n' }, ['admin', 'staff']],
      ['POST', '/violation-codes', validCode, ['admin', 'staff']],
      ['PUT', `/violation-codes/${ids.code}`, { name: 'NO PERMIT', amount: 7500 }, ['admin', 'staff']],
    ] as const;

  it('lets each role do what the policy allows and answers 403 to the others', async () => {
    const ids = { notice: await noticeId('A1'), code: await codeId('NO PERMIT') };
    for (const [method, url, payload, allowed] of cases(ids)) {
      for (const role of ['admin', 'staff', 'enforcement'] as const) {
        const response = await call(role, method, url, payload);
        const expected = (allowed as readonly string[]).includes(role);
        if (expected)
          expect([200, 409], `${role} ${method} ${url}: ${response.body}`).toContain(response.statusCode);
        else expect(response.statusCode, `${role} ${method} ${url}`).toBe(403);
      }
    }
  });

  it("answers 404 to tenant B's admin for every call naming tenant A's records", async () => {
    const ids = { notice: await noticeId('A1'), code: await codeId('NO PERMIT') };
    const before = await countRows('audit_log');
    for (const [method, url, payload] of [
      ['GET', `/notices/${ids.notice}`, undefined],
      [
        'PUT',
        `/notices/${ids.notice}`,
        { plate: 'HIJACK', citationCodeUUID: await codeId('EXPIRED METER', 'beta') },
      ],
      ['POST', `/notices/${ids.notice}/void`, { reason: 'x' }],
      ['PUT', `/notices/${ids.notice}/amount`, { amountOverride: 1, reason: 'x' }],
      ['PUT', `/violation-codes/${ids.code}`, { name: 'HIJACK', amount: 1 }],
    ] as const) {
      const onBeta = await call('betaAdmin', method, url, payload, 'beta');
      expect(onBeta.statusCode, `${method} ${url}`).toBe(404);
      const onAlpha = await call('betaAdmin', method, url, payload, 'alpha');
      expect(onAlpha.statusCode, `${method} ${url} on A's host`).toBe(401);
    }
    // Writing a notice of A with B's code is refused too: the code must be the caller's tenant's.
    const foreignCode = await call('admin', 'POST', '/notices', {
      plate: 'X1',
      citationCodeUUID: await codeId('EXPIRED METER', 'beta'),
    });
    expect(foreignCode.statusCode).toBe(400);
    expect(await countRows('audit_log')).toBe(before);
  });
});

describe('writing and changing a notice', () => {
  it('creates a notice priced by its code, numbered by the system, found by the public lookup, audited', async () => {
    const response = await call('enforcement', 'POST', '/notices', {
      plate: ' new 1 ',
      citationCodeUUID: await codeId('EXPIRED METER'),
      location: 'Lot B',
    });
    expect(response.statusCode, response.body).toBe(200);
    const { citation, history } = response.json();
    expect(citation).toMatchObject({
      plate: 'NEW1',
      amount: 4500,
      lateAmount1: 1000,
      lateDays1: 14,
      paymentStatus: 'Open',
      location: 'Lot B',
      citationName: 'EXPIRED METER',
    });
    expect(citation.citationNumber).toMatch(/^E\d+$/);
    expect(history).toEqual([
      expect.objectContaining({ action: 'notice.create', actorLabel: 'officer@alpha.example' }),
    ]);
    const found = await publicLookup('NEW1');
    expect(found.json().map((notice: { uuid: string }) => notice.uuid)).toEqual([citation.uuid]);
  });

  it('refuses a taken number with 409, a code without an amount and bad fields with 400, writing nothing', async () => {
    const before = [await countRows('citations'), await countRows('audit_log')];
    const code = await codeId('EXPIRED METER');
    const taken = await call('admin', 'POST', '/notices', {
      citationNumber: 'a1',
      plate: 'X',
      citationCodeUUID: code,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toContain('A1');
    const unpriced = await call('admin', 'POST', '/notices', {
      plate: 'X',
      citationCodeUUID: await codeId('UNPRICED'),
    });
    expect(unpriced.statusCode).toBe(400);
    for (const body of [
      { plate: '', citationCodeUUID: code },
      { plate: 'X', citationCodeUUID: code, amount: -1 },
      { plate: 'X', citationCodeUUID: code, amount: 12.5 },
      { plate: 'X', citationCodeUUID: code, createdOn: '2030-01-01T00:00:00Z' },
      { plate: 'X', citationCodeUUID: 'nope' },
      { plate: 'X<script>', citationCodeUUID: code },
    ]) {
      const response = await call('admin', 'POST', '/notices', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect([await countRows('citations'), await countRows('audit_log')]).toEqual(before);
  });

  it('overrides the amount: the public page owes the new amount; before and after are in the audit log', async () => {
    const id = await noticeId('A2');
    const response = await call('staff', 'PUT', `/notices/${id}/amount`, {
      amountOverride: 2500,
      reason: 'Signage was unclear',
    });
    expect(response.statusCode, response.body).toBe(200);
    const pub = await t.request('alpha', { method: 'GET', url: `/api/v1/portal/citation/${id}` });
    expect(pub.json()).toMatchObject({ amountOverride: 2500, amountDue: 2500 });
    const [entry] = await queryRows<{
      action: string;
      before: { amountOverride: number | null };
      after: { amountOverride: number; reason: string };
    }>(
      t.db,
      sql`SELECT action, before, after FROM audit_log WHERE entity_id = ${id} ORDER BY id DESC LIMIT 1`,
    );
    expect(entry).toMatchObject({
      action: 'notice.override-amount',
      before: { amountOverride: null },
      after: { amountOverride: 2500, reason: 'Signage was unclear' },
    });
    expect((await numbers('sort=amount&order=asc'))[1]).toBe('A2');
  });

  it('voids a notice: it owes nothing, cannot be checked out, and cannot be voided twice or overridden', async () => {
    const id = await noticeId('A2');
    const voided = await call('admin', 'POST', `/notices/${id}/void`, { reason: 'Duplicate' });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().citation).toMatchObject({ paymentStatus: 'Void', amountDue: 0 });
    expect(voided.json().history.map((entry: { action: string }) => entry.action)).toEqual([
      'notice.void',
      'notice.override-amount',
    ]);
    expect((await call('admin', 'POST', `/notices/${id}/void`, { reason: 'again' })).statusCode).toBe(409);
    expect(
      (await call('admin', 'PUT', `/notices/${id}/amount`, { amountOverride: 1, reason: 'x' })).statusCode,
    ).toBe(409);
    const checkout = await t.request('alpha', {
      method: 'GET',
      url: `/api/v1/citation/checkout/${id}/subdomain/alpha`,
    });
    expect(checkout.statusCode).not.toBe(200);
  });

  it('refuses to void a paid notice (refund first) and to void without a reason', async () => {
    const id = await noticeId('A3');
    expect((await call('admin', 'POST', `/notices/${id}/void`, { reason: 'x' })).statusCode).toBe(409);
    expect(
      (await call('admin', 'POST', `/notices/${await noticeId('A1')}/void`, { reason: '  ' })).statusCode,
    ).toBe(400);
  });

  it('corrects the details and keeps the amount', async () => {
    const id = await noticeId('A1');
    const response = await call('staff', 'PUT', `/notices/${id}`, {
      plate: 'abc 124',
      citationCodeUUID: await codeId('EXPIRED METER'),
      comments: 'Plate misread',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().citation).toMatchObject({
      plate: 'ABC124',
      amount: 3000,
      citationName: 'EXPIRED METER',
      comments: 'Plate misread',
    });
  });
});

describe('violation codes', () => {
  it('lists, creates and edits codes with their late tiers, audited', async () => {
    const created = await call('admin', 'POST', '/violation-codes', {
      name: 'fire lane',
      amount: 15000,
      lateAmount1: 2500,
      lateDays1: 10,
      lateAmount2: 5000,
      lateDays2: 30,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ name: 'FIRE LANE', amount: 15000, lateDays2: 30 });
    const updated = await call('staff', 'PUT', `/violation-codes/${created.json().uuid}`, {
      name: 'FIRE LANE',
      amount: 20000,
    });
    expect(updated.json()).toMatchObject({ amount: 20000, lateAmount1: null, lateDays1: null });
    const names = (await call('enforcement', 'GET', '/violation-codes'))
      .json()
      .map((code: { name: string }) => code.name);
    expect(names).toContain('FIRE LANE');
    expect(names).toEqual([...names].sort());
  });

  it('refuses a taken name with 409 and incoherent tiers with 400, writing nothing', async () => {
    const before = await countRows('citation_codes');
    expect(
      (await call('admin', 'POST', '/violation-codes', { name: 'no permit', amount: 1 })).statusCode,
    ).toBe(409);
    for (const body of [
      { name: 'T', amount: 1, lateAmount1: 100 },
      { name: 'T', amount: 1, lateAmount2: 100, lateDays2: 5 },
      { name: 'T', amount: 1, lateAmount1: 100, lateDays1: 30, lateAmount2: 100, lateDays2: 10 },
      { name: '', amount: 1 },
      { name: 'T', amount: -5 },
    ]) {
      expect((await call('admin', 'POST', '/violation-codes', body)).statusCode, JSON.stringify(body)).toBe(
        400,
      );
    }
    expect(await countRows('citation_codes')).toBe(before);
  });
});

describe('CSV import', () => {
  const header = 'citationNumber,plate,stateProv,createdOn,violationCode,amount,location,comments';
  const good = [
    header,
    'IMP-1,imp 001,NY,2026-11-15 09:30,expired meter,,Lot C,',
    'IMP-2,IMP002,NJ,2026-11-16T10:00:00Z,NO PERMIT,"1,250.5","Lot D, row 2","said ""sorry"""',
  ].join('\r\n');

  it('previews a good file without writing, then imports it; the public lookup finds the notices', async () => {
    const before = await countRows('citations');
    const preview = await call('staff', 'POST', '/notices/import/preview', { csv: good });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ rowCount: 2, problems: [] });
    expect(preview.json().sample[1]).toMatchObject({
      line: 3,
      citationNumber: 'IMP-2',
      amount: 125050,
      citationName: 'NO PERMIT',
    });
    expect(await countRows('citations')).toBe(before);

    const imported = await call('staff', 'POST', '/notices/import', { csv: good });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({ imported: 2 });
    const [found] = (await publicLookup('IMP001')).json();
    // 09:30 in New York on 2026-11-15 is 14:30 UTC; the code's price and late tier were copied.
    expect(found).toMatchObject({
      citationNumber: 'IMP-1',
      createdOn: '2026-11-15T14:30:00.000Z',
      amount: 4500,
      lateAmount1: 1000,
      location: 'Lot C',
    });
    const [second] = (await publicLookup('IMP002')).json();
    expect(second).toMatchObject({ amount: 125050, location: 'Lot D, row 2', comments: 'said "sorry"' });
  });

  it('names each bad row and field, and imports nothing when one row is bad', async () => {
    const before = [await countRows('citations'), await countRows('audit_log')];
    const csv = [
      header,
      'NEW-1,GOOD1,NY,2026-11-15,EXPIRED METER,,,',
      'NEW-2,,NY,2026-02-30,NOPE,abc,,',
      'NEW-1,GOOD3,NY,2026-11-15,EXPIRED METER,,,',
      'A4,GOOD4,NY,2026-11-15,EXPIRED METER,,,',
      'NEW-5,GOOD5,NY,2026-11-15,UNPRICED,,,',
      'NEW-6,GOOD6',
    ].join('\n');
    const preview = await call('admin', 'POST', '/notices/import/preview', { csv });
    const problems = preview
      .json()
      .problems.map((p: { line: number; field: string | null }) => `${p.line}:${p.field}`);
    expect(problems).toEqual([
      '3:plate',
      '3:createdOn',
      '3:violationCode',
      '3:amount',
      '4:citationNumber',
      '5:citationNumber',
      '6:amount',
      '7:null',
    ]);
    const refused = await call('admin', 'POST', '/notices/import', { csv });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^Nothing was imported.*line 3, plate: is required/);
    expect([await countRows('citations'), await countRows('audit_log')]).toEqual(before);
  });

  it('refuses files it cannot read: unknown or missing columns, an open quote, no rows, too many rows', async () => {
    const tooMany = [
      header,
      ...Array.from({ length: 5001 }, (_, i) => `M${i},P${i},NY,2026-11-15,NO PERMIT,,,`),
    ].join('\n');
    for (const [csv, message] of [
      ['plate,colour\nX,red', "Unknown column 'colour'"],
      ['plate\nX', "required column 'citationNumber'"],
      [`${header}\nX,"open`, 'never closed'],
      [header, 'no notices'],
      [tooMany, 'at most 5000'],
    ] as const) {
      const response = await call('admin', 'POST', '/notices/import/preview', { csv });
      expect(response.json().problems[0].message, csv.slice(0, 40)).toContain(message);
    }
    expect((await call('admin', 'POST', '/notices/import', { csv: '' })).statusCode).toBe(400);
  });
});

describe('CSV export', () => {
  it('streams the filtered notices, newest first by default, with formula-looking cells defused', async () => {
    const response = await call('enforcement', 'GET', '/notices/export?q=A');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename="notices-alpha-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const { records } = parseCsv(response.body);
    const [head, ...rows] = records.map((record) => record.fields);
    expect(head?.slice(0, 6)).toEqual([
      'citationNumber',
      'plate',
      'stateProv',
      'createdOn',
      'violationCode',
      'amount',
    ]);
    expect(rows.map((row) => row[0])).toEqual(['A4', 'A3', 'A2', 'A1']);
    const a4 = rows[0]!;
    expect(a4[1]).toBe('1CMDX');
    expect(a4[6]).toBe("'+SUM(A1)");
    expect(rows[2]).toEqual(expect.arrayContaining(['A2', '25.00', 'Void']));
    expect(response.body).not.toContain('B1');
  });

  it("answers the list's notices in the list's sort and order", async () => {
    for (const sort of NOTICE_SORT_KEYS) {
      for (const order of ['asc', 'desc'] as const) {
        const query = `q=A&sort=${sort}&order=${order}`;
        const list = await call('admin', 'GET', `/notices?${query}&pageSize=100`);
        const csv = await call('admin', 'GET', `/notices/export?${query}`);
        const listed = list.json().items.map((item: { citationNumber: string }) => item.citationNumber);
        const exported = parseCsv(csv.body)
          .records.slice(1)
          .map((record) => record.fields[0]);
        expect(exported, query).toEqual(listed);
        expect(exported).toHaveLength(4);
      }
    }
  });

  it('continues each batch after the last row read, in every order', async () => {
    const [tenant] = await t.db.select().from(tenants).where(eq(tenants.subdomain, 'alpha'));
    const exported = async (sort: NoticeSortKey, order: 'asc' | 'desc', batchSize: number) => {
      const stream = exportNotices({ db: t.db, tenant: tenant!, filter: { sort, order }, batchSize });
      let body = '';
      for await (const chunk of stream) body += chunk;
      return parseCsv(body)
        .records.slice(1)
        .map((record) => record.fields[0]);
    };
    for (const sort of NOTICE_SORT_KEYS) {
      for (const order of ['asc', 'desc'] as const) {
        const whole = await exported(sort, order, 1000);
        expect(whole.length).toBeGreaterThan(4);
        expect(await exported(sort, order, 1), `${sort} ${order}`).toEqual(whole);
        expect(await exported(sort, order, 3), `${sort} ${order}`).toEqual(whole);
      }
    }
  });

  it('exports only the header when nothing matches', async () => {
    const response = await call('admin', 'GET', '/notices/export?status=Uncollectable');
    expect(parseCsv(response.body).records).toHaveLength(1);
  });
});

describe('changes while a driver is paying (decision 148)', () => {
  const payOpenCheckout = async (noticeUuid: string, change: () => Promise<void>) => {
    const opened = await t.request('alpha', {
      method: 'GET',
      url: `/api/v1/citation/checkout/${noticeUuid}/subdomain/alpha`,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    await change();
    const paid = await submitSandboxCheckout(t, 'alpha', opened.json().checkoutURL);
    expect(paid.statusCode).toBe(303);
    const [session] = await queryRows<{ status: string; refund_reason: string | null }>(
      t.db,
      sql`SELECT status, refund_reason FROM payment_sessions WHERE subject_id = ${noticeUuid} ORDER BY created_at DESC LIMIT 1`,
    );
    return session;
  };

  it('refunds a checkout of a notice voided in the console meanwhile; the notice stays void and unpaid', async () => {
    const id = await noticeId('A4');
    const session = await payOpenCheckout(id, async () => {
      expect(
        (await call('staff', 'POST', `/notices/${id}/void`, { reason: 'Towed, voided' })).statusCode,
      ).toBe(200);
    });
    expect(session).toMatchObject({ status: 'refunded', refund_reason: 'not_payable' });
    const notice = (await call('admin', 'GET', `/notices/${id}`)).json().citation;
    expect(notice).toMatchObject({ paymentStatus: 'Void', datePaid: null, paidTotal: null });
  });

  it('refunds a checkout whose amount was overridden meanwhile; the notice stays open at its new amount', async () => {
    const id = await noticeId('A1');
    const session = await payOpenCheckout(id, async () => {
      const response = await call('admin', 'PUT', `/notices/${id}/amount`, {
        amountOverride: 1000,
        reason: 'Reduced',
      });
      expect(response.statusCode).toBe(200);
    });
    expect(session).toMatchObject({ status: 'refunded', refund_reason: 'amount_changed' });
    const notice = (await call('admin', 'GET', `/notices/${id}`)).json().citation;
    expect(notice).toMatchObject({ paymentStatus: 'Open', amountDue: 1000, datePaid: null });
  });
});
