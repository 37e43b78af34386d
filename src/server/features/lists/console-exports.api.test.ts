import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildCustomer,
  buildOperator,
  buildPass,
  buildProduct,
  buildTenant,
  buildVehicle,
} from '../../../../tests/support/factories';
import { signInOperator } from '../../../../tests/support/sessions';
import { useTestApp } from '../../../../tests/support/test-app';
import { CONSOLE_PASS_SORT_KEYS } from '../../../shared/contract';
import { tenants } from '../../db/schema';
import { exportCustomers } from '../console-customers/export-customers';
import { exportConsolePasses } from '../console-passes/export-passes';
import { parseCsv } from './parse-csv';

/**
 * The console's passes and customers export what the list shows (issue 33, "Lists at scale"),
 * through the lists' one export (csv-export.ts): the filters and order applied, every row in
 * batches, formula-looking cells defused, another tenant's rows never written.
 */
const alpha = buildTenant({
  subdomain: 'alpha',
  operators: [
    buildOperator({ email: 'admin@alpha.example' }),
    buildOperator({ email: 'officer@alpha.example', role: 'enforcement' }),
  ],
  customers: [
    buildCustomer({ email: 'dana@alpha.example', fullname: 'Dana Whitfield' }),
    buildCustomer({ email: 'ana@alpha.example', fullname: 'Ana Smith' }),
    buildCustomer({ email: 'zed@alpha.example', fullname: '=HYPERLINK("http://evil.example","Zed")' }),
    buildCustomer({ email: 'bob@alpha.example', fullname: 'Bob Smithers' }),
  ],
  products: [buildProduct({ name: 'Resident monthly', amount: 4500 }), buildProduct({ name: 'Visitor day' })],
  passes: [
    buildPass('Resident monthly', {
      customerPermitId: '700001',
      amount: 4500,
      issuedOn: '2026-11-01T09:00:00Z',
      expiresAt: '2026-12-01T09:00:00Z',
      vehicle: buildVehicle({ plate: 'KXY4410' }),
      permitHolder: { name: 'Dana Whitfield', email: 'dana@alpha.example' },
    }),
    buildPass('Visitor day', {
      customerPermitId: '700002',
      paidStatus: 'waiting',
      issuedOn: '2026-11-03T09:00:00Z',
      expiresAt: '2026-11-04T09:00:00Z',
      vehicle: buildVehicle({ plate: 'WAIT123' }),
      permitHolder: { name: '+cmd|/C calc', email: 'vera@visitors.example' },
    }),
    buildPass('Visitor day', {
      customerPermitId: '700003',
      paidStatus: 'canceled',
      issuedOn: '2026-11-02T09:00:00Z',
      expiresAt: '2026-11-10T09:00:00Z',
      vehicle: buildVehicle({ plate: 'KXY9000' }),
      permitHolder: { name: 'Kim Canceled', email: 'kim@alpha.example' },
    }),
    ...Array.from({ length: 7 }, (_, index) =>
      buildPass('Resident monthly', {
        customerPermitId: String(700010 + index),
        issuedOn: `2026-11-1${index}T09:00:00Z`,
        expiresAt: `2026-12-1${index}T09:00:00Z`,
        vehicle: buildVehicle({ plate: `BULK${index}` }),
        permitHolder: { name: `Bulk Holder ${index}`, email: `bulk${index}@alpha.example` },
      }),
    ),
  ],
});
const beta = buildTenant({
  subdomain: 'beta',
  operators: [buildOperator({ email: 'admin@beta.example' })],
  customers: [buildCustomer({ email: 'dana@beta.example', fullname: 'Dana Beta' })],
  products: [buildProduct({ name: 'Beta pass' })],
  passes: [
    buildPass('Beta pass', { customerPermitId: '900001', vehicle: buildVehicle({ plate: 'KXY4411' }) }),
  ],
});
const t = useTestApp({ seed: { tenants: [alpha, beta] } });

const tokens: Record<string, string> = {};
beforeAll(async () => {
  tokens.admin = await signInOperator(t, 'alpha', 'admin@alpha.example');
  tokens.officer = await signInOperator(t, 'alpha', 'officer@alpha.example');
  tokens.beta = await signInOperator(t, 'beta', 'admin@beta.example');
});

const get = (as: string, url: string, host = 'alpha') =>
  t.request(host, {
    method: 'GET',
    url: `/api/v1/dashboard${url}`,
    headers: { authorization: tokens[as] ?? '' },
  });

const csvRows = (body: string) => parseCsv(body).records.map((record) => record.fields);

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let body = '';
  for await (const chunk of stream) body += chunk;
  return body;
}

describe('GET /dashboard/passes/export', () => {
  it('writes the passes the search and status match, as a CSV download, formula cells defused', async () => {
    const response = await get('admin', '/passes/export?q=KXY');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename="passes-alpha-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const [head, ...rows] = csvRows(response.body);
    expect(head).toEqual([
      'passNumber',
      'product',
      'status',
      'plate',
      'holderName',
      'holderEmail',
      'issuedOn',
      'expiresAt',
      'amount',
      'currency',
      'uuid',
    ]);
    // Newest registration first, as the list; beta's KXY4411 is never written.
    expect(rows.map((row) => row[0]).sort()).toEqual(['700001', '700003']);
    expect(rows.find((row) => row[0] === '700001')).toEqual(
      expect.arrayContaining(['Resident monthly', 'paid', 'KXY4410', 'Dana Whitfield', '45.00']),
    );
    expect(response.body).not.toContain('900001');

    const canceled = csvRows((await get('admin', '/passes/export?status=canceled')).body);
    expect(canceled.slice(1).map((row) => row[0])).toEqual(['700003']);
    const waiting = csvRows((await get('admin', '/passes/export?status=waiting')).body);
    expect(waiting.slice(1).map((row) => row[4])).toEqual(["'+cmd|/C calc"]);
  });

  it("answers the list's passes in the list's sort and order", async () => {
    for (const sort of CONSOLE_PASS_SORT_KEYS) {
      for (const order of ['asc', 'desc'] as const) {
        const query = `status=all&sort=${sort}&order=${order}`;
        const list = await get('admin', `/passes?${query}`);
        expect(list.statusCode, list.body).toBe(200);
        const listed = list.json().items.map((item: { customerPermitId: string }) => item.customerPermitId);
        const exported = csvRows((await get('admin', `/passes/export?${query}`)).body)
          .slice(1)
          .map((row) => row[0]);
        expect(exported, query).toEqual(listed);
        expect(exported).toHaveLength(10);
      }
    }
  });

  it('continues each batch after the last row read, in every order', async () => {
    const [tenant] = await t.db.select().from(tenants).where(eq(tenants.subdomain, 'alpha'));
    for (const sort of CONSOLE_PASS_SORT_KEYS) {
      for (const order of ['asc', 'desc'] as const) {
        const read = (batchSize: number) =>
          readAll(
            exportConsolePasses({
              db: t.db,
              tenantId: tenant!.id,
              query: { q: '', status: 'all', sort, order },
              now: t.clock.now(),
              batchSize,
            }),
          );
        const whole = await read(1000);
        expect(csvRows(whole)).toHaveLength(11);
        expect(await read(1), `${sort} ${order}`).toBe(whole);
        expect(await read(3), `${sort} ${order}`).toBe(whole);
      }
    }
  });

  it('is refused as the list is (role, another tenant), and a 400 on a bad filter', async () => {
    const officer = await get('officer', '/passes/export');
    const list = await get('officer', '/passes');
    expect(officer.statusCode).toBe(list.statusCode);
    expect((await get('admin', '/passes/export?status=nonsense')).statusCode).toBe(400);
    const betaExport = await get('beta', '/passes/export?q=KXY', 'beta');
    expect(betaExport.statusCode, betaExport.body).toBe(200);
    // Beta's token on alpha's host is refused, as every call across tenants.
    expect((await get('beta', '/passes/export')).statusCode).toBe(401);
    expect(
      csvRows(betaExport.body)
        .slice(1)
        .map((row) => row[0]),
    ).toEqual(['900001']);
  });
});

describe('GET /dashboard/customers/export', () => {
  it('writes the customers the search matches, by name, formula cells defused', async () => {
    const response = await get('admin', '/customers/export?q=smi');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /filename="customers-alpha-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const [head, ...rows] = csvRows(response.body);
    expect(head?.slice(0, 3)).toEqual(['customerNumber', 'fullname', 'email']);
    expect(rows.map((row) => row[1])).toEqual(['Ana Smith', 'Bob Smithers']);

    const all = csvRows((await get('admin', '/customers/export')).body).slice(1);
    // By name in any case, as the list: '=' sorts before letters.
    expect(all.map((row) => row[2])).toEqual([
      'zed@alpha.example',
      'ana@alpha.example',
      'bob@alpha.example',
      'dana@alpha.example',
    ]);
    expect(all[0]![1]).toBe('\'=HYPERLINK("http://evil.example","Zed")');
    expect(all.flat()).not.toContain('dana@beta.example');
  });

  it("answers the list's customers in the list's order, batch after batch", async () => {
    const list = await get('admin', '/customers?pageSize=100');
    const listed = list.json().items.map((item: { email: string }) => item.email);
    const [tenant] = await t.db.select().from(tenants).where(eq(tenants.subdomain, 'alpha'));
    const whole = await readAll(exportCustomers({ db: t.db, tenant: tenant!, query: {} }));
    expect(
      csvRows(whole)
        .slice(1)
        .map((row) => row[2]),
    ).toEqual(listed);
    expect(await readAll(exportCustomers({ db: t.db, tenant: tenant!, query: {}, batchSize: 1 }))).toBe(
      whole,
    );
  });

  it('refuses an over-long search with a 400 and a role without the list as the list does', async () => {
    const response = await get('admin', `/customers/export?q=${'a'.repeat(101)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('at most 100 characters');
    expect((await get('officer', '/customers/export')).statusCode).toBe(
      (await get('officer', '/customers')).statusCode,
    );
  });
});
