import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildCitation,
  buildCustomer,
  buildOperator,
  buildTenant,
} from '../../../../tests/support/factories';
import { signInOperator } from '../../../../tests/support/sessions';
import { useTestApp } from '../../../../tests/support/test-app';
import { queryRows } from '../../db/client';
import { citations } from '../../db/schema';
import { countUpTo } from './count-up-to';
import { parseCsv } from './parse-csv';

/**
 * The console's lists at scale (issue 33): each list says how many rows match (counted up to the
 * cap), pages from the address's query, exports exactly what the filters match; and the audit
 * log reads as a person would: named people and records, filters, CSV export.
 */
const NOTICE_COUNT = 30;
const alpha = buildTenant({
  subdomain: 'alpha',
  timezone: 'America/New_York',
  citationCodes: [{ name: 'EXPIRED METER', amount: 4500 }],
  citations: Array.from({ length: NOTICE_COUNT }, (_, index) =>
    buildCitation({
      citationNumber: `L${String(index + 1).padStart(3, '0')}`,
      plate: index < 12 ? `LST${index}` : `OTH${index}`,
      createdOn: `2026-11-${String(1 + (index % 20)).padStart(2, '0')}T15:00:00Z`,
      amount: 6000,
      paymentStatus: index % 3 === 0 ? 'Paid' : 'Open',
      ...(index % 3 === 0 ? { datePaid: '2026-11-21T00:00:00Z' } : {}),
      citationName: 'EXPIRED METER',
    }),
  ),
  customers: [
    buildCustomer({ fullname: 'Ana Smith', email: 'ana@alpha.example' }),
    buildCustomer({ fullname: 'Ben Smith', email: 'ben@alpha.example' }),
    buildCustomer({ fullname: 'Cy Jones', email: 'cy@alpha.example' }),
  ],
  operators: [
    buildOperator({ email: 'admin@alpha.example', fullname: 'Alma Admin', role: 'tenant_admin' }),
    buildOperator({ email: 'second@alpha.example', fullname: 'Sam Second', role: 'tenant_admin' }),
  ],
});
const beta = buildTenant({
  subdomain: 'beta',
  citations: [buildCitation({ citationNumber: 'B1' })],
  operators: [buildOperator({ email: 'admin@beta.example', role: 'tenant_admin' })],
});
const t = useTestApp({ seed: { tenants: [alpha, beta] } });

const tokens: Record<string, string> = {};
beforeAll(async () => {
  tokens.admin = await signInOperator(t, 'alpha', 'admin@alpha.example');
  tokens.second = await signInOperator(t, 'alpha', 'second@alpha.example');
  tokens.beta = await signInOperator(t, 'beta', 'admin@beta.example');
});

const call = (as: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, host = 'alpha') =>
  t.request(host, {
    method,
    url: `/api/v1/dashboard${url}`,
    headers: { authorization: tokens[as] ?? '' },
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });

const getJson = async <T = Record<string, unknown>>(as: string, url: string, host = 'alpha') => {
  const response = await call(as, 'GET', url, undefined, host);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
};

async function noticeId(citationNumber: string): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    t.db,
    sql`SELECT id FROM citations WHERE citation_number = ${citationNumber}`,
  );
  return row!.id;
}

interface Page {
  items: { citationNumber: string }[];
  total: number;
  isTotalExact: boolean;
  hasMore: boolean;
}

describe('a list says how many rows match', () => {
  it('counts every notice matching the filters, whatever the page', async () => {
    const first = await getJson<Page>('admin', '/notices?pageSize=25');
    expect(first).toMatchObject({ total: NOTICE_COUNT, isTotalExact: true, hasMore: true });
    expect(first.items).toHaveLength(25);
    const second = await getJson<Page>('admin', '/notices?pageSize=25&page=2');
    expect(second).toMatchObject({ total: NOTICE_COUNT, isTotalExact: true, hasMore: false });
    expect(second.items).toHaveLength(NOTICE_COUNT - 25);
    expect(await getJson<Page>('admin', '/notices?status=Paid')).toMatchObject({ total: 10 });
    expect(await getJson<Page>('admin', '/notices?q=LST')).toMatchObject({ total: 12 });
    // Another tenant's notices are never counted.
    expect(await getJson<Page>('beta', '/notices', 'beta')).toMatchObject({ total: 1 });
  });

  it('stops counting at the cap and says so', async () => {
    const [alphaRow] = await queryRows<{ id: string }>(
      t.db,
      sql`SELECT id FROM tenants WHERE subdomain = 'alpha'`,
    );
    const where = eq(citations.tenantId, alphaRow!.id);
    expect(await countUpTo({ db: t.db, table: citations, where, cap: 10 })).toEqual({
      total: 10,
      isTotalExact: false,
    });
    expect(await countUpTo({ db: t.db, table: citations, where, cap: NOTICE_COUNT })).toEqual({
      total: NOTICE_COUNT,
      isTotalExact: true,
    });
  });

  it('counts customers and passes the same way', async () => {
    expect(await getJson('admin', '/customers?q=smi')).toMatchObject({ total: 2, isTotalExact: true });
    expect(await getJson('admin', '/customers')).toMatchObject({ total: 3, isTotalExact: true });
    expect(await getJson('admin', '/passes')).toMatchObject({ total: 0, isTotalExact: true });
  });

  it('refuses a page past the counted depth with a sentence', async () => {
    const response = await call('admin', 'GET', '/passes?page=402');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/Pages reach the first 10,000 passes/);
    // In the caller's language, the count grouped for it (issue 30).
    const french = await call('admin', 'GET', '/passes?page=402&lang=fr');
    expect(french.json().message).toBe(
      'Les pages vont jusqu’aux 10\u00a0000 premiers permis : affinez la recherche ou le statut.',
    );
    const spanish = await call('admin', 'GET', '/customers?page=9999&lang=es');
    expect(spanish.json().message).toMatch(/^Las páginas llegan hasta los primeros [\d,]+ clientes/);
  });
});

describe('the address and the export agree', () => {
  it("exports exactly the rows the list's query counts, in its order", async () => {
    // The query string the console keeps in its address, sent to the list and to the export.
    const address = 'q=LST&status=Open&sort=plate&order=asc';
    const page = await getJson<Page>('admin', `/notices?${address}&pageSize=100`);
    const response = await call('admin', 'GET', `/notices/export?${address}`);
    expect(response.statusCode).toBe(200);
    const rows = parseCsv(response.body).records.map((record) => record.fields);
    const numbers = rows.slice(1).map((row) => row[0]);
    expect(numbers).toHaveLength(page.total);
    expect(numbers).toEqual(page.items.map((item) => item.citationNumber));
  });
});

interface AuditPage {
  entries: {
    action: string;
    actorName: string | null;
    entityLabel: string | null;
    entityType: string;
    operatorUuid: string | null;
  }[];
  nextCursor: string | null;
  total: number;
  isTotalExact: boolean;
}

describe('the audit log a person can read', () => {
  beforeAll(async () => {
    const first = await noticeId('L002');
    const second = await noticeId('L003');
    expect(
      (await call('admin', 'PUT', `/notices/${first}/amount`, { amountOverride: 3000, reason: 'Hardship' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call('second', 'POST', `/notices/${second}/void`, { reason: 'Signage missing' })).statusCode,
    ).toBe(200);
  });

  it('names the operator and the record, not their ids', async () => {
    const log = await getJson<AuditPage>('admin', '/audit');
    const override = log.entries.find((entry) => entry.action === 'notice.override-amount');
    expect(override).toMatchObject({ actorName: 'Alma Admin', entityType: 'notice', entityLabel: 'L002' });
    const voided = log.entries.find((entry) => entry.action === 'notice.void');
    expect(voided).toMatchObject({ actorName: 'Sam Second', entityLabel: 'L003' });
    expect(log).toMatchObject({ total: log.entries.length, isTotalExact: true });
  });

  it('filters by operator, by kind of change and by tenant-local days', async () => {
    const all = await getJson<AuditPage>('admin', '/audit');
    const second = all.entries.find((entry) => entry.actorName === 'Sam Second')!.operatorUuid!;
    const bySecond = await getJson<AuditPage>('admin', `/audit?operatorUuid=${second}`);
    expect(bySecond.entries.map((entry) => entry.action)).toEqual(['notice.void']);
    expect(bySecond.total).toBe(1);
    const voids = await getJson<AuditPage>('admin', '/audit?action=notice.void');
    expect(voids.entries.map((entry) => entry.entityLabel)).toEqual(['L003']);
    const past = await getJson<AuditPage>('admin', '/audit?from=2020-01-01&to=2020-01-31');
    expect(past).toMatchObject({ entries: [], total: 0 });
    const wide = await getJson<AuditPage>('admin', '/audit?from=2020-01-01&to=2099-12-31');
    expect(wide.total).toBe(all.total);
    expect(wide.total).toBeGreaterThanOrEqual(2);
  });

  it('pages by keyset with the same filters', async () => {
    const first = await getJson<AuditPage>('admin', '/audit?action=notice.override-amount&limit=1');
    expect(first.entries).toHaveLength(1);
    expect(first.nextCursor).toBeNull();
    const all = await getJson<AuditPage>('admin', '/audit?limit=1');
    expect(all.nextCursor).not.toBeNull();
    const next = await getJson<AuditPage>(
      'admin',
      `/audit?limit=1&cursor=${encodeURIComponent(all.nextCursor!)}`,
    );
    expect(next.entries).toHaveLength(1);
    expect(next.entries[0]).not.toEqual(all.entries[0]);
  });

  it('refuses bad filters with a sentence, never a 500', async () => {
    const backwards = await call('admin', 'GET', '/audit?from=2026-11-10&to=2026-11-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toMatch(/start date must not be after the end date/);
    expect((await call('admin', 'GET', '/audit?operatorUuid=nobody')).statusCode).toBe(400);
    expect((await call('admin', 'GET', '/audit?action=DROP%20TABLE')).statusCode).toBe(400);
    expect((await call('admin', 'GET', '/audit/export?from=2026-13-01')).statusCode).toBe(400);
  });

  it('exports the filtered log as CSV with names, labels, money and dates in the tenant zone', async () => {
    const response = await call('admin', 'GET', '/audit/export?entityType=notice');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/audit-alpha-/);
    const rows = parseCsv(response.body).records.map((record) => record.fields);
    expect(rows[0]).toEqual(['When', 'Who', 'Change', 'Record kind', 'Record', 'Fields changed', 'Entry']);
    const override = rows.find((row) => row[2] === 'Notice amount changed')!;
    expect(override[1]).toBe('Alma Admin');
    expect(override[3]).toBe('Notice');
    expect(override[4]).toBe('L002');
    expect(override[5]).toContain('Amount override: — → $30.00');
    expect(override[5]).toContain('Reason: — → Hardship');
    // Only the fields that changed.
    expect(override[5]).not.toContain('Plate');
    expect(override[0]).toMatch(/^[A-Z][a-z]{2} \d{2}, \d{4} \d{2}:\d{2} [AP]M$/);
    const voided = rows.find((row) => row[2] === 'Notice voided')!;
    expect(voided[5]).toMatch(/Voided: — → [A-Z][a-z]{2} \d{2}, \d{4}/);
    expect(rows).toHaveLength(3);
  });

  it("keeps each tenant's log to itself", async () => {
    const all = await getJson<AuditPage>('admin', '/audit');
    const alphaOperator = all.entries[0]!.operatorUuid!;
    const betaLog = await getJson<AuditPage>('beta', '/audit', 'beta');
    expect(betaLog.entries.some((entry) => entry.entityLabel === 'L002')).toBe(false);
    const filtered = await getJson<AuditPage>('beta', `/audit?operatorUuid=${alphaOperator}`, 'beta');
    expect(filtered).toMatchObject({ entries: [], total: 0 });
    const exported = await call('beta', 'GET', '/audit/export', undefined, 'beta');
    expect(exported.body).not.toContain('L002');
  });
});
