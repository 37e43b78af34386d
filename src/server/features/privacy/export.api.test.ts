import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildAppeal,
  buildCitation,
  buildCustomer,
  buildOperator,
  buildPass,
  buildProduct,
  buildTenant,
} from '../../../../tests/support/factories';
import { signIn, signInOperator } from '../../../../tests/support/sessions';
import { useTestApp } from '../../../../tests/support/test-app';
import { auditLog, customers, passProducts, passWaitlistEntries } from '../../db/schema';
import { parseCsv } from '../lists';

/** Exports of a person's data (issue 28): the customer's own download and the console's, rate-limited. */

const EMAIL = 'erin.export@example.com';

const t = useTestApp({
  env: { PERSONAL_DATA_EXPORT_RATE_LIMIT_PER_HOUR: '6' },
  seed: {
    tenants: [
      buildTenant({
        subdomain: 'exporting',
        citations: [buildCitation({ citationNumber: 'EX1', plate: 'ERN1001' })],
        customers: [
          buildCustomer({ email: EMAIL, fullname: 'Erin Export', vehicles: [{ plate: 'ERN1001' }] }),
          buildCustomer({
            email: 'other@example.com',
            fullname: 'Olly Other',
            vehicles: [{ plate: 'OLY1001' }],
          }),
        ],
        appeals: [buildAppeal({ citationNumber: 'EX1', name: 'Erin Export', email: EMAIL })],
        products: [buildProduct({ name: 'Day pass' })],
        passes: [
          buildPass('Day pass', {
            customerEmail: EMAIL,
            vehicle: { plate: 'ERN1002' },
            permitHolder: { name: 'Erin Export', email: EMAIL },
          }),
          buildPass('Day pass', { customerEmail: 'other@example.com', vehicle: { plate: 'OLY1002' } }),
        ],
        operators: [
          buildOperator({ email: 'admin@exporting.example', role: 'tenant_admin' }),
          buildOperator({ email: 'staff@exporting.example', role: 'staff' }),
        ],
      }),
      buildTenant({
        subdomain: 'elsewhere',
        operators: [buildOperator({ email: 'admin@elsewhere.example', role: 'tenant_admin' })],
      }),
    ],
  },
});

let token: string;
let customerId: string;
beforeAll(async () => {
  token = await signIn(t, 'exporting', EMAIL);
  customerId = (await t.db.select().from(customers).where(eq(customers.email, EMAIL)))[0]!.id;
  // Waitlist places (migration 1150): Erin's by account and one by her address in other case; Olly's.
  const [product] = await t.db.select().from(passProducts).where(eq(passProducts.name, 'Day pass'));
  const entry = (email: string, position: number, customer: string | null = null) => ({
    tenantId: product!.tenantId,
    productId: product!.id,
    customerId: customer,
    email,
    position,
    joinedAt: new Date('2026-11-19T09:00:00Z'),
    updatedAt: new Date('2026-11-19T09:00:00Z'),
  });
  await t.db.insert(passWaitlistEntries).values([
    entry(EMAIL, 1, customerId),
    entry('other@example.com', 2),
    {
      ...entry(EMAIL.toUpperCase(), 3),
      status: 'expired',
      offerToken: 'offer-token-not-exported',
      offerExpiresAt: new Date('2026-11-21T09:00:00Z'),
    },
  ]);
});

describe('GET /portal/customer/export', () => {
  it("answers the customer's own records, section by section, as a JSON file to save", async () => {
    const response = await t.request('exporting', {
      method: 'GET',
      url: '/api/v1/portal/customer/export',
      headers: { authorization: token },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="my-data-exporting-2026-11-20\.json"$/,
    );
    const data = response.json();
    expect(data.portal).toBe('exporting');
    expect(data.sections.account).toEqual([
      expect.objectContaining({ email: EMAIL, fullname: 'Erin Export' }),
    ]);
    expect(data.sections.vehicles.map((row: { plate: string }) => row.plate)).toEqual(['ERN1001']);
    expect(data.sections.passVehicles.map((row: { plate: string }) => row.plate)).toEqual(['ERN1002']);
    expect(data.sections.passes).toEqual([expect.objectContaining({ productName: 'Day pass' })]);
    expect(data.sections.permitHolders).toEqual([expect.objectContaining({ name: 'Erin Export' })]);
    expect(data.sections.appeals).toEqual([expect.objectContaining({ citationNumber: 'EX1', email: EMAIL })]);
    expect(data.sections.waitlistEntries).toEqual([
      expect.objectContaining({ productName: 'Day pass', email: EMAIL, position: 1, status: 'waiting' }),
      expect.objectContaining({ email: EMAIL.toUpperCase(), position: 3, status: 'expired' }),
    ]);
    // Secrets are left out, and nobody else's records are in it.
    expect(response.body).not.toMatch(
      /passwordHash|tokenVersion|emailKey|OLY100|other@example\.com|offer-token-not-exported/,
    );
  });

  it('answers the same as one CSV file: section, record, field, value', async () => {
    const response = await t.request('exporting', {
      method: 'GET',
      url: '/api/v1/portal/customer/export.csv',
      headers: { authorization: token },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/filename="my-data-exporting-2026-11-20\.csv"/);
    const { records, error } = parseCsv(response.body);
    expect(error).toBeNull();
    expect(records[0]?.fields).toEqual(['section', 'record', 'field', 'value']);
    expect(records.map((record) => record.fields)).toContainEqual(['account', '1', 'email', EMAIL]);
    expect(records.map((record) => record.fields)).toContainEqual(['vehicles', '1', 'plate', 'ERN1001']);
  });

  it('needs a signed-in customer (401)', async () => {
    const response = await t.request('exporting', { method: 'GET', url: '/api/v1/portal/customer/export' });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /dashboard/customers/:uuid/export', () => {
  const exportAs = (subdomain: string, authorization: string, uuid = customerId, suffix = '') =>
    t.request(subdomain, {
      method: 'GET',
      url: `/api/v1/dashboard/customers/${uuid}/export${suffix}`,
      headers: { authorization },
    });

  it('answers an admin the same export and writes an audit entry without personal data', async () => {
    const admin = await signInOperator(t, 'exporting', 'admin@exporting.example');
    const response = await exportAs('exporting', admin);
    expect(response.statusCode).toBe(200);
    expect(response.json().sections.account[0].email).toBe(EMAIL);
    const csv = await exportAs('exporting', admin, customerId, '.csv');
    expect(csv.statusCode).toBe(200);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'customer.export'), eq(auditLog.entityId, customerId)));
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ actorLabel: 'admin@exporting.example', before: null, after: null });
  });

  it("refuses staff (403) and another tenant's admin (404)", async () => {
    const staff = await signInOperator(t, 'exporting', 'staff@exporting.example');
    expect((await exportAs('exporting', staff)).statusCode).toBe(403);
    const elsewhere = await signInOperator(t, 'elsewhere', 'admin@elsewhere.example');
    expect((await exportAs('elsewhere', elsewhere)).statusCode).toBe(404);
  });
});

describe('the export rate limit', () => {
  it('answers 429 once a customer has downloaded PERSONAL_DATA_EXPORT_RATE_LIMIT_PER_HOUR exports', async () => {
    const other = await signIn(t, 'exporting', 'other@example.com');
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const response = await t.request('exporting', {
        method: 'GET',
        url: i % 2 ? '/api/v1/portal/customer/export.csv' : '/api/v1/portal/customer/export',
        headers: { authorization: other },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
  });
});
