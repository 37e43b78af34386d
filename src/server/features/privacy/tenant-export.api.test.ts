import { eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildAppeal,
  buildBusinessAccount,
  buildCitation,
  buildCustomer,
  buildOperator,
  buildReport,
  buildScan,
  buildTenant,
  TEST_OPERATOR_PASSWORD,
  TEST_PASSWORD,
} from '../../../../tests/support/factories';
import { signInOperator } from '../../../../tests/support/sessions';
import { useTestApp } from '../../../../tests/support/test-app';
import { createTestDatabase } from '../../../../tests/support/test-database';
import type { Database, DatabaseHandle } from '../../db/client';
import { loadFixtureDocument } from '../../db/fixtures/loader';
import {
  appeals,
  auditLog,
  businessAccounts,
  citationCodes,
  citations,
  customers,
  customerVehicles,
  operators,
  patrolReports,
  patrolScans,
  tenants,
} from '../../db/schema';
import { verifyPassword } from '../auth/password-hash';

/** The tenant admin's export of the whole tenant as a fixture document (issue 28), loaded back. */

const t = useTestApp({
  seed: {
    tenants: [
      buildTenant({
        subdomain: 'leaving',
        brandTitle: 'Leaving Parking',
        contactEmail: 'help@leaving.example',
        scanRetentionDays: 200,
        businessAccounts: [buildBusinessAccount({ name: 'Acme Offices' })],
        citationCodes: [{ name: 'NO PERMIT', description: 'No valid permit', amount: 5000 }],
        citations: [
          buildCitation({ citationNumber: 'LV1', plate: 'LVE1001', citationName: 'OVERTIME', amount: 4500 }),
          buildCitation({
            citationNumber: 'LV2',
            plate: 'LVE1002',
            paymentStatus: 'Paid',
            datePaid: '2026-11-18T10:00:00Z',
            paidTotal: 4500,
          }),
        ],
        customers: [
          buildCustomer({
            email: 'dana@leaving.example',
            fullname: 'Dana Leaving',
            customerEntityName: 'Acme Offices',
            vehicles: [{ plate: 'LVE1001', make: 'Toyota' }],
          }),
          buildCustomer({ email: 'guest@leaving.example', fullname: 'Gus Guest', password: undefined }),
        ],
        appeals: [buildAppeal({ citationNumber: 'LV1', email: 'dana@leaving.example', isPending: false })],
        scans: [buildScan({ plate: 'LVE1001', alertMessage: 'No permit' }), buildScan({ plate: 'LVE2002' })],
        reports: [buildReport({ plate: 'LVE1001' })],
        operators: [
          buildOperator({ email: 'admin@leaving.example', role: 'tenant_admin' }),
          buildOperator({ email: 'staff@leaving.example', role: 'staff' }),
          buildOperator({ email: 'patrol@leaving.example', role: 'enforcement' }),
        ],
      }),
      buildTenant({
        subdomain: 'staying',
        citations: [buildCitation({ citationNumber: 'ST1' })],
        operators: [buildOperator({ email: 'admin@staying.example', role: 'tenant_admin' })],
      }),
    ],
  },
});

const exportAs = (subdomain: string, authorization?: string) =>
  t.request(subdomain, {
    method: 'GET',
    url: '/api/v1/dashboard/tenant/export',
    headers: authorization ? { authorization } : {},
  });

/** Every row of `table` for the tenant, without the columns that name this database's own rows. */
async function rowsOf(db: Database, table: PgTable & { tenantId: never }, tenantId: string) {
  const rows = (await db
    .select()
    .from(table)
    .where(eq((table as unknown as typeof citations).tenantId, tenantId))) as Record<string, unknown>[];
  return rows
    .map(
      ({
        id: _id,
        tenantId: _tenantId,
        createdAt: _createdAt,
        citationCodeId: _code,
        createdByOperatorId: _by,
        ...row
      }) => row,
    )
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

const TABLES = {
  businessAccounts,
  citationCodes,
  citations,
  customers,
  customerVehicles,
  appeals,
  operators,
  patrolScans,
  patrolReports,
};

describe('GET /dashboard/tenant/export', () => {
  let fresh: DatabaseHandle;
  beforeAll(async () => {
    fresh = await createTestDatabase();
  });
  afterAll(() => fresh.close());

  it('answers a fixture document that loads into an empty database as the same records', async () => {
    const admin = await signInOperator(t, 'leaving', 'admin@leaving.example');
    const response = await exportAs('leaving', admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="leaving-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const document = response.json();
    expect(document.tenants).toHaveLength(1);
    // Passwords travel as their argon2id hashes only; nothing of the other tenant comes along.
    expect(response.body).not.toContain(TEST_PASSWORD);
    expect(response.body).not.toContain(TEST_OPERATOR_PASSWORD);
    expect(response.body).not.toMatch(/ST1|staying/);

    await loadFixtureDocument(fresh.db, document);

    const [source] = await t.db.select().from(tenants).where(eq(tenants.subdomain, 'leaving'));
    const [copy] = await fresh.db.select().from(tenants).where(eq(tenants.subdomain, 'leaving'));
    const { createdAt: _a, ...sourceTenant } = source!;
    const { createdAt: _b, ...copiedTenant } = copy!;
    expect(copiedTenant).toEqual(sourceTenant);
    for (const [name, table] of Object.entries(TABLES)) {
      const expected = await rowsOf(t.db, table as never, source!.id);
      expect(expected.length, name).toBeGreaterThan(0);
      expect(await rowsOf(fresh.db, table as never, copy!.id), name).toEqual(expected);
    }
    // The copied admin signs in with the same password as before.
    const [operator] = await fresh.db
      .select()
      .from(operators)
      .where(eq(operators.email, 'admin@leaving.example'));
    expect(await verifyPassword(operator!.passwordHash!, TEST_OPERATOR_PASSWORD)).toBe(true);
  });

  it('writes an audit entry naming the tenant and the admin', async () => {
    const admin = await signInOperator(t, 'leaving', 'admin@leaving.example');
    expect((await exportAs('leaving', admin)).statusCode).toBe(200);
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'tenant.export'));
    expect(entries.length).toBeGreaterThan(0);
    expect(entries[0]).toMatchObject({ actorLabel: 'admin@leaving.example', entityType: 'tenant' });
  });

  it('is for tenant admins only: staff and enforcement 403, signed out 401', async () => {
    for (const email of ['staff@leaving.example', 'patrol@leaving.example']) {
      const operator = await signInOperator(t, 'leaving', email);
      expect((await exportAs('leaving', operator)).statusCode, email).toBe(403);
    }
    expect((await exportAs('leaving')).statusCode).toBe(401);
  });

  it("keeps to the caller's tenant: another tenant's token is refused here, its own export holds none of this one's, an unknown host is 404", async () => {
    const other = await signInOperator(t, 'staying', 'admin@staying.example');
    const here = await exportAs('leaving', other);
    expect(here.statusCode).toBe(401);
    expect(here.body).not.toMatch(/LV1|dana@leaving/);
    const own = await exportAs('staying', other);
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('ST1');
    expect(own.body).not.toMatch(/LV1|LVE100|dana@leaving|Leaving Parking/);
    expect((await exportAs('nowhere', other)).statusCode).toBe(404);
  });
});
