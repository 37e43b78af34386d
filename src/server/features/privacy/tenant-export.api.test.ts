import { eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildAppeal,
  buildBusinessAccount,
  buildCitation,
  buildCustomer,
  buildOperator,
  buildPass,
  buildProduct,
  buildReport,
  buildScan,
  buildSignupCode,
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
  appealMessages,
  appeals,
  auditLog,
  businessAccounts,
  citationCodes,
  citations,
  customers,
  customerVehicles,
  issuedPasses,
  operators,
  passAccessCodes,
  passProductFormFields,
  passProductImages,
  passProductRules,
  passProducts,
  passVehicles,
  passWaitlistEntries,
  patrolReports,
  patrolScans,
  paymentSessions,
  permitHolders,
  signupCodes,
  subscriptionInvoices,
  subscriptions,
  tenants,
  uploads,
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
        signupCodes: [
          buildSignupCode({ code: 'OPEN-1' }),
          { code: 'SPENT-1', isUsed: true, usedAt: '2026-11-02T10:00:00Z' },
        ],
        products: [
          buildProduct({
            name: 'Overnight',
            amount: 1500,
            capacity: 40,
            description: 'Evenings only',
            rules: {
              weekdays: [1, 2, 3, 4, 5],
              dailyWindow: { from: '18:00', to: '08:00' },
              blackoutDates: ['2026-12-25'],
              quota: { count: 2, period: 'DAY', periodLength: 7, per: 'customer' },
            },
            formFields: [{ label: 'Unit', value: '' }],
            images: ['https://cdn.example/overnight.png'],
            accessCodes: ['NIGHT-1', 'NIGHT-2'],
          }),
          buildProduct({
            name: 'Retired',
            archivedAt: '2026-10-01T00:00:00Z',
            businessAccount: 'Acme Offices',
          }),
        ],
        passes: [
          buildPass('Overnight', {
            customerPermitId: 'LV-P1',
            customerEmail: 'dana@leaving.example',
            vehicle: { plate: 'LVE1001', state: 'NY', make: 'TOYOTA', model: 'PRIUS', color: 'RED' },
            secondaryVehicles: [
              { plate: 'LVE1009', state: 'NY', make: 'FORD', model: 'F150', color: 'BLUE', isActive: false },
            ],
            customFormFields: [{ label: 'Unit', value: '4B' }],
            approvalMessage: 'Welcome',
          }),
          buildPass('Retired', {
            customerPermitId: 'LV-P2',
            permitHolder: { name: 'Gus Guest', email: 'guest@leaving.example', city: 'Albany' },
          }),
        ],
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
        // Rows of this database that the copy numbers afresh: the links are compared by what they name.
        customerVehicleId: _savedVehicle,
        updatedAt: _updated,
        ...row
      }) => row,
    )
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

const TABLES = {
  businessAccounts,
  passProducts,
  passProductRules,
  passProductFormFields,
  passProductImages,
  passAccessCodes,
  issuedPasses,
  passVehicles,
  permitHolders,
  signupCodes,
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

  it('carries what the fixture format cannot load under history: payments, subscriptions, threads, spent codes, files, audit', async () => {
    const [tenant] = await t.db.select().from(tenants).where(eq(tenants.subdomain, 'leaving'));
    const tenantId = tenant!.id;
    const [notice] = await t.db.select().from(citations).where(eq(citations.citationNumber, 'LV2'));
    const [pass] = await t.db.select().from(issuedPasses).where(eq(issuedPasses.customerPermitId, 'LV-P1'));
    const [checkout] = await t.db
      .insert(paymentSessions)
      .values({
        tenantId,
        provider: 'sandbox',
        purpose: 'citation',
        subjectId: notice!.id,
        amount: 4500,
        currency: 'usd',
        description: 'Notice LV2',
        status: 'paid',
        successUrl: 'https://leaving.example/ok',
        cancelUrl: 'https://leaving.example/no',
        paidAt: new Date('2026-11-18T10:00:00Z'),
      })
      .returning();
    const [subscription] = await t.db
      .insert(subscriptions)
      .values({
        tenantId,
        provider: 'sandbox',
        providerSubscriptionId: 'sub_leaving_1',
        purpose: 'pass',
        subjectId: pass!.id,
        checkoutSessionId: checkout!.id,
        amount: 7500,
        currency: 'usd',
        interval: 'month',
        intervalCount: 1,
        status: 'active',
      })
      .returning();
    await t.db.insert(subscriptionInvoices).values({
      provider: 'sandbox',
      providerInvoiceId: 'in_leaving_1',
      subscriptionId: subscription!.id,
      amount: 7500,
      periodEnd: new Date('2026-12-18T10:00:00Z'),
      paidAt: new Date('2026-11-18T10:00:00Z'),
    });
    const [appeal] = await t.db.select().from(appeals).where(eq(appeals.tenantId, tenantId));
    await t.db
      .insert(appealMessages)
      .values({ tenantId, appealId: appeal!.id, author: 'operator', body: 'We are looking into it.' });
    await t.db
      .update(passAccessCodes)
      .set({ usedAt: new Date('2026-11-19T08:00:00Z'), usedByPassId: pass!.id })
      .where(eq(passAccessCodes.code, 'NIGHT-2'));
    await t.db.insert(uploads).values({
      tenantId,
      purpose: 'appeal-photo',
      storageKey: 'leaving/appeal-1.jpg',
      fileUrl: '/uploads/leaving/appeal-1.jpg',
      contentType: 'image/jpeg',
      status: 'attached',
      size: 1234,
      expiresAt: new Date('2026-11-30T00:00:00Z'),
    });

    const admin = await signInOperator(t, 'leaving', 'admin@leaving.example');
    const [exported] = (await exportAs('leaving', admin)).json().tenants;
    const { history } = exported;
    expect(history.payments).toContainEqual(
      expect.objectContaining({ purpose: 'citation', citationNumber: 'LV2', amount: 4500, status: 'paid' }),
    );
    expect(history.subscriptions).toEqual([
      expect.objectContaining({
        customerPermitId: 'LV-P1',
        providerSubscriptionId: 'sub_leaving_1',
        status: 'active',
        invoices: [expect.objectContaining({ providerInvoiceId: 'in_leaving_1', amount: 7500 })],
      }),
    ]);
    expect(history.appealMessages).toEqual([
      expect.objectContaining({ citationNumber: 'LV1', author: 'operator', body: 'We are looking into it.' }),
    ]);
    // A spent code moves to the history; only the unspent one is loadable again.
    expect(history.usedAccessCodes).toEqual([
      {
        product: 'Overnight',
        code: 'NIGHT-2',
        usedAt: '2026-11-19T08:00:00.000Z',
        customerPermitId: 'LV-P1',
      },
    ]);
    const overnight = exported.products.find((product: { name: string }) => product.name === 'Overnight');
    expect(overnight.accessCodes).toEqual(['NIGHT-1']);
    expect(history.uploads).toEqual([
      expect.objectContaining({
        purpose: 'appeal-photo',
        fileUrl: '/uploads/leaving/appeal-1.jpg',
        size: 1234,
      }),
    ]);
    expect(history.auditLog.some((entry: { action: string }) => entry.action === 'tenant.export')).toBe(true);
    // The recurring pass itself loads without its subscription: billing stays with the provider.
    const exportedPass = exported.passes.find(
      (item: { customerPermitId: string }) => item.customerPermitId === 'LV-P1',
    );
    expect(exportedPass.subscriptionRef).toBeNull();
  });

  it('carries the waitlists under history, in line order, without the offers’ link tokens', async () => {
    const [tenant] = await t.db.select().from(tenants).where(eq(tenants.subdomain, 'leaving'));
    const [product] = await t.db.select().from(passProducts).where(eq(passProducts.name, 'Overnight'));
    const [pass] = await t.db.select().from(issuedPasses).where(eq(issuedPasses.customerPermitId, 'LV-P1'));
    const [guest] = await t.db.select().from(customers).where(eq(customers.email, 'guest@leaving.example'));
    const at = (iso: string) => new Date(iso);
    const entry = (values: Partial<typeof passWaitlistEntries.$inferInsert>) => ({
      tenantId: tenant!.id,
      productId: product!.id,
      email: 'someone@leaving.example',
      position: 1,
      joinedAt: at('2026-11-18T09:00:00Z'),
      updatedAt: at('2026-11-18T09:00:00Z'),
      ...values,
    });
    await t.db.insert(passWaitlistEntries).values([
      entry({ email: 'second@leaving.example', position: 2 }),
      entry({
        email: 'guest@leaving.example',
        customerId: guest!.id,
        status: 'offered',
        offerToken: 'secret-offer-token-leaving',
        offeredAt: at('2026-11-19T09:00:00Z'),
        offerExpiresAt: at('2026-11-21T09:00:00Z'),
      }),
      entry({ email: 'bought@leaving.example', position: 0, status: 'accepted', passId: pass!.id }),
    ]);
    const admin = await signInOperator(t, 'leaving', 'admin@leaving.example');
    const response = await exportAs('leaving', admin);
    const [exported] = response.json().tenants;
    expect(exported.history.waitlistEntries).toEqual([
      expect.objectContaining({
        product: 'Overnight',
        email: 'bought@leaving.example',
        status: 'accepted',
        customerPermitId: 'LV-P1',
      }),
      {
        product: 'Overnight',
        email: 'guest@leaving.example',
        customerEmail: 'guest@leaving.example',
        position: 1,
        status: 'offered',
        joinedAt: '2026-11-18T09:00:00.000Z',
        offeredAt: '2026-11-19T09:00:00.000Z',
        offerExpiresAt: '2026-11-21T09:00:00.000Z',
        customerPermitId: null,
      },
      expect.objectContaining({ email: 'second@leaving.example', position: 2, status: 'waiting' }),
    ]);
    expect(response.body).not.toContain('secret-offer-token-leaving');
    await t.db.delete(passWaitlistEntries).where(eq(passWaitlistEntries.tenantId, tenant!.id));
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
