import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildCustomer,
  buildOperator,
  buildPass,
  buildProduct,
  buildTenant,
  TEST_OPERATOR_PASSWORD,
} from '../../../../tests/support/factories';
import { useTestApp } from '../../../../tests/support/test-app';
import { queryRows } from '../../db/client';

const alpha = buildTenant({
  subdomain: 'alpha',
  products: [buildProduct({ name: 'Resident' })],
  customers: [
    buildCustomer({ fullname: 'Ana Smith', email: 'ana@alpha.example' }),
    buildCustomer({ fullname: 'Bob Jones', email: 'bob@alpha.example' }),
    buildCustomer({ fullname: 'Carla Smithers', email: 'carla@work.example' }),
  ],
  passes: [buildPass('Resident', { customerEmail: 'ana@alpha.example' })],
  operators: [
    buildOperator({ email: 'admin@alpha.example', role: 'tenant_admin' }),
    buildOperator({ email: 'staff@alpha.example', role: 'staff' }),
    buildOperator({ email: 'officer@alpha.example', role: 'enforcement' }),
  ],
});
const beta = buildTenant({
  subdomain: 'beta',
  customers: [buildCustomer({ fullname: 'Ana Beta', email: 'ana@beta.example' })],
  operators: [buildOperator({ email: 'admin@beta.example' })],
});
const t = useTestApp({ seed: { tenants: [alpha, beta] } });

const tokens: Record<string, string> = {};
beforeAll(async () => {
  for (const [name, host, email] of [
    ['admin', 'alpha', 'admin@alpha.example'],
    ['staff', 'alpha', 'staff@alpha.example'],
    ['enforcement', 'alpha', 'officer@alpha.example'],
    ['betaAdmin', 'beta', 'admin@beta.example'],
  ] as const) {
    const response = await t.request(host, {
      method: 'POST',
      url: '/api/v1/dashboard/auth/login',
      payload: { email, password: TEST_OPERATOR_PASSWORD },
    });
    tokens[name] = `Bearer ${response.json().jwtToken}`;
  }
});

const call = (as: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, host = 'alpha') =>
  t.request(host, {
    method,
    url: `/api/v1/dashboard${url}`,
    headers: { authorization: tokens[as] ?? '' },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function customerId(email: string): Promise<string> {
  const [row] = await queryRows<{ id: string }>(t.db, sql`SELECT id FROM customers WHERE email = ${email}`);
  return row!.id;
}
const names = async (query: string) =>
  (await call('staff', 'GET', `/customers?${query}`))
    .json()
    .items.map((item: { fullname: string }) => item.fullname);

describe('the customer list', () => {
  it('searches by the start of an email, a name or a word of the name, in name order, paged', async () => {
    expect(await names('')).toEqual(['Ana Smith', 'Bob Jones', 'Carla Smithers']);
    expect(await names('q=smi')).toEqual(['Ana Smith', 'Carla Smithers']);
    expect(await names('q=CARLA@')).toEqual(['Carla Smithers']);
    expect(await names('q=%25')).toEqual([]);
    const page = (await call('admin', 'GET', '/customers?pageSize=2&page=2')).json();
    expect(page).toMatchObject({ page: 2, hasMore: false });
    expect(page.items).toHaveLength(1);
    expect((await call('admin', 'GET', '/customers?pageSize=1000')).statusCode).toBe(400);
  });

  it('shows a customer with their passes and payments', async () => {
    const response = await call('staff', 'GET', `/customers/${await customerId('ana@alpha.example')}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      fullname: 'Ana Smith',
      passes: [{ productName: 'Resident', paidStatus: 'paid' }],
      payments: [],
    });
  });
});

describe('changing a customer', () => {
  it('turns guest codes on (a code is issued) and off, audited with before and after', async () => {
    const id = await customerId('bob@alpha.example');
    const on = await call('staff', 'PUT', `/customers/${id}/guest-codes`, { isGuestCodesActive: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().isGuestCodesActive).toBe(true);
    expect(on.json().guestCode).toMatch(/^[A-Z2-9]{6}$/);
    const off = await call('admin', 'PUT', `/customers/${id}/guest-codes`, { isGuestCodesActive: false });
    expect(off.json()).toMatchObject({ isGuestCodesActive: false, guestCode: null });
    const entries = await queryRows<{
      action: string;
      before: { isGuestCodesActive: boolean };
      after: { isGuestCodesActive: boolean };
    }>(t.db, sql`SELECT action, before, after FROM audit_log WHERE entity_id = ${id} ORDER BY id`);
    expect(
      entries.map((entry) => [entry.action, entry.before.isGuestCodesActive, entry.after.isGuestCodesActive]),
    ).toEqual([
      ['customer.guest-codes', false, true],
      ['customer.guest-codes', true, false],
    ]);
  });

  it('marks a customer as a business (one account per name, any case) and back', async () => {
    const ana = await customerId('ana@alpha.example');
    const carla = await customerId('carla@work.example');
    expect(
      (await call('admin', 'PUT', `/customers/${ana}/business`, { entityName: 'Acme Fleet' })).json()
        .customerEntityName,
    ).toBe('Acme Fleet');
    expect(
      (await call('admin', 'PUT', `/customers/${carla}/business`, { entityName: 'acme fleet' })).json()
        .customerEntityName,
    ).toBe('Acme Fleet');
    const [accounts] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM business_accounts WHERE lower(name) = 'acme fleet'`,
    );
    expect(accounts!.n).toBe(1);
    expect(
      (await call('admin', 'PUT', `/customers/${carla}/business`, { entityName: null })).json()
        .customerEntityName,
    ).toBeNull();
    expect(
      (await call('admin', 'PUT', `/customers/${carla}/business`, { entityName: '  ' })).statusCode,
    ).toBe(400);
  });

  it('issues single-use sign-up codes in a batch and lists them', async () => {
    const issued = await call('staff', 'POST', '/signup-codes', { count: 3 });
    expect(issued.statusCode, issued.body).toBe(200);
    const codes = issued.json().map((code: { code: string }) => code.code);
    expect(new Set(codes).size).toBe(3);
    const listed = (await call('admin', 'GET', '/signup-codes'))
      .json()
      .map((code: { code: string }) => code.code);
    expect(listed).toEqual(expect.arrayContaining(codes));
    for (const count of [0, 101, 1.5, '3']) {
      expect((await call('admin', 'POST', '/signup-codes', { count })).statusCode).toBe(400);
    }
  });
});

describe('who may', () => {
  it('lets admins and staff in, answers 403 to enforcement officers, 404 to another tenant', async () => {
    const id = await customerId('ana@alpha.example');
    const calls = [
      ['GET', '/customers', undefined],
      ['GET', `/customers/${id}`, undefined],
      ['PUT', `/customers/${id}/guest-codes`, { isGuestCodesActive: false }],
      ['PUT', `/customers/${id}/business`, { entityName: null }],
      ['GET', '/signup-codes', undefined],
      ['POST', '/signup-codes', { count: 1 }],
    ] as const;
    for (const [method, url, payload] of calls) {
      expect((await call('enforcement', method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call('staff', method, url, payload)).statusCode, `${method} ${url}`).toBe(200);
    }
    const before = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM audit_log`);
    for (const [method, url, payload] of calls.filter(([, url]) => url.includes(id))) {
      expect((await call('betaAdmin', method, url, payload, 'beta')).statusCode, `${method} ${url}`).toBe(
        404,
      );
    }
    expect(await queryRows(t.db, sql`SELECT count(*)::int AS n FROM audit_log`)).toEqual(before);
    const betaList = (await call('betaAdmin', 'GET', '/customers', undefined, 'beta')).json();
    expect(betaList.items.map((item: { fullname: string }) => item.fullname)).toEqual(['Ana Beta']);
  });
});
