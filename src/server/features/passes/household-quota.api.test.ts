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
import { signIn, signInOperator } from '../../../../tests/support/sessions';
import { useTestApp } from '../../../../tests/support/test-app';
import { auditLog, customers } from '../../db/schema';

/**
 * Guest quotas per household and the tenant's default (issue 31, decision 249). The clock is
 * TEST_NOW, Friday 2026-11-20 10:00 in New York. "flats" caps guest parking at 48 hours per 7 days
 * per household for its visitor products without a quota of their own; Ana and Ben live in flat
 * 12 of Tower A (typed two ways), Cyd in flat 14, Dee gave no unit.
 */
const VISITORS = 'Visitors';
const OWN = 'Visitors with their own quota';
const RESIDENTS = 'Residents';
const UNIT_GUESTS = 'Unit guests';
const person = (name: string, building: string | undefined, unit: string | undefined) =>
  buildCustomer({
    email: `${name}@flats.example`,
    ...(building ? { building } : {}),
    ...(unit ? { unit } : {}),
    vehicles: [buildVehicle({ plate: `${name.toUpperCase()}1` })],
  });

const flats = buildTenant({
  subdomain: 'flats',
  guestQuota: { maxHours: 48, perDays: 7, per: 'unit' },
  customers: [
    person('ana', 'Tower A', 'Apt. 12'),
    person('ben', 'tower a', '#12'),
    person('cyd', 'Tower A', '14'),
    person('dee', undefined, undefined),
    person('eli', 'Tower A', 'Unit 12'),
  ],
  operators: [buildOperator({ email: 'admin@flats.example', role: 'tenant_admin' })],
  products: [
    buildProduct({ name: VISITORS, isVisitorOnly: true }),
    buildProduct({ name: OWN, isVisitorOnly: true, guestQuota: { maxPasses: 5, perDays: 7 } }),
    buildProduct({ name: RESIDENTS }),
    buildProduct({ name: UNIT_GUESTS, guestQuota: { maxPasses: 1, perDays: 7, per: 'unit' } }),
  ],
  passes: [
    // Ana's 24 hours, from Thursday 10:00: flat 12 has 24 left until Nov 26.
    buildPass(VISITORS, {
      customerEmail: 'ana@flats.example',
      issuedOn: '2026-11-19T15:00:00Z',
      expiresAt: '2026-11-20T15:00:00Z',
    }),
  ],
});
// The same tenant default on another tenant counts its own passes only.
const other = buildTenant({
  subdomain: 'otherflats',
  guestQuota: { maxHours: 48, perDays: 7, per: 'unit' },
  customers: [person('ana', 'Tower A', 'Apt. 12')],
  products: [buildProduct({ name: VISITORS, isVisitorOnly: true })],
});
const t = useTestApp({ env: { DUPLICATE_CHECKOUT_WINDOW_SECONDS: '0' }, seed: { tenants: [flats, other] } });

const ids: Record<string, string> = {};
const tokens: Record<string, string> = {};
beforeAll(async () => {
  for (const name of [VISITORS, OWN, RESIDENTS, UNIT_GUESTS]) {
    ids[name] = (await t.db.query.passProducts.findFirst({
      where: (row, { and, eq }) => and(eq(row.name, name), eq(row.tenantId, flats.uuid)),
    }))!.id;
  }
  for (const who of ['ana', 'ben', 'cyd', 'dee', 'eli'])
    tokens[who] = await signIn(t, 'flats', `${who}@flats.example`);
  tokens.otherAna = await signIn(t, 'otherflats', 'ana@flats.example');
  tokens.admin = await signInOperator(t, 'flats', 'admin@flats.example');
});

const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  token?: string,
  payload?: object,
  host = 'flats',
) =>
  t.request(host, {
    method,
    url: `/api/v1${url}`,
    headers: token ? { authorization: token } : {},
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
const quotaOf = async (product: string, who: string) =>
  (await call('GET', `/portal/permit-quota/${ids[product]}`, tokens[who])).json().quota;
const issue = async (who: string, product: string) => {
  const vehicles = (await call('GET', '/portal/permit/vehicles', tokens[who])).json();
  return call('POST', '/portal/permit/issue', tokens[who], {
    permitProductUUID: ids[product],
    startDate: t.clock.now().toISOString(),
    vehicleUUID: vehicles[0].uuid,
    holderName: 'Guest',
  });
};

describe('the household key', () => {
  it('is one for the same building and unit typed differently, and none without a unit', async () => {
    const rows = await t.db
      .select({ email: customers.email, key: customers.householdKey })
      .from(customers)
      .where(eq(customers.tenantId, flats.uuid));
    const keys = Object.fromEntries(rows.map((row) => [row.email.split('@')[0], row.key]));
    expect(keys).toMatchObject({ ana: 'towera/12', ben: 'towera/12', eli: 'towera/12', cyd: 'towera/14' });
    expect(keys.dee).toBeNull();
  });
});

describe("the tenant's guest quota, counted per household", () => {
  it('applies to a visitor product without a quota, shared by the accounts of one flat', async () => {
    const shared = { measure: 'hours', limit: 48, used: 24, remaining: 24, perDays: 7 };
    expect(await quotaOf(VISITORS, 'ana')).toMatchObject({ ...shared, until: '2026-11-26T15:00:00.000Z' });
    expect(await quotaOf(VISITORS, 'ben')).toMatchObject({ ...shared, until: '2026-11-26T15:00:00.000Z' });
    // Another flat, and an account without a unit, have all of it.
    expect(await quotaOf(VISITORS, 'cyd')).toMatchObject({ used: 0, remaining: 48, until: null });
    expect(await quotaOf(VISITORS, 'dee')).toMatchObject({ used: 0, remaining: 48, until: null });
    // A product's own quota wins; a product that is not for visitors takes none.
    expect(await quotaOf(OWN, 'ana')).toMatchObject({ measure: 'passes', limit: 5, used: 0 });
    expect(await quotaOf(RESIDENTS, 'ana')).toBeNull();
    // The same setting on another tenant counts that tenant's passes only.
    const elsewhere = await call(
      'GET',
      `/portal/permit-quota/${ids[VISITORS]}`,
      tokens.otherAna,
      undefined,
      'otherflats',
    );
    expect(elsewhere.statusCode).toBe(404);
  });

  it('lets Ben use what is left, then refuses Ana and Eli of the same flat, not Cyd', async () => {
    expect((await issue('ben', VISITORS)).statusCode).toBe(200);
    for (const who of ['ana', 'eli']) {
      const over = await issue(who, VISITORS);
      expect(over.statusCode).toBe(400);
      expect(over.json()).toEqual({
        code: 'quota_reached',
        message: 'You have used all 48 hours per 7 days of this pass. More become available on Nov 26.',
      });
    }
    expect((await issue('cyd', VISITORS)).statusCode).toBe(200);
    expect((await issue('dee', VISITORS)).statusCode).toBe(200);
  });

  it('counts a product quota per unit too (one pass a week for the flat)', async () => {
    expect((await issue('eli', UNIT_GUESTS)).statusCode).toBe(200);
    expect((await issue('ana', UNIT_GUESTS)).json().code).toBe('quota_reached');
    expect((await issue('cyd', UNIT_GUESTS)).statusCode).toBe(200);
  });

  it("lets an operator's override through for one account of the household, audited", async () => {
    const ana = (await t.db.query.customers.findFirst({
      where: (row, { eq }) => eq(row.email, 'ana@flats.example'),
    }))!;
    const listed = await call('GET', `/dashboard/customers/${ana.id}/quota-overrides`, tokens.admin);
    expect(listed.json().products.map((product: { name: string }) => product.name)).toEqual([
      VISITORS,
      OWN,
      UNIT_GUESTS,
    ]);
    const granted = await call('POST', `/dashboard/customers/${ana.id}/quota-overrides`, tokens.admin, {
      productUUID: ids[VISITORS],
      reason: 'Family visit',
    });
    expect(granted.statusCode).toBe(200);
    expect((await issue('ana', VISITORS)).statusCode).toBe(200);
    expect((await issue('ana', VISITORS)).json().code).toBe('quota_reached');
    // A product without any quota still has nothing to override.
    const none = await call('POST', `/dashboard/customers/${ana.id}/quota-overrides`, tokens.admin, {
      productUUID: ids[RESIDENTS],
    });
    expect(none.statusCode).toBe(400);
  });
});

describe("the console's setting", () => {
  const settings = async () => (await call('GET', '/dashboard/settings', tokens.admin)).json();
  const save = async (changes: object) => {
    const { logoVersion: _v, serviceFeeCents: _f, subdomain: _s, ...body } = await settings();
    return call('PUT', '/dashboard/settings', tokens.admin, { ...body, ...changes });
  };

  it('reads and saves the guest quota, audited; refuses a bad one with a sentence and changes nothing', async () => {
    expect((await settings()).guestQuota).toEqual({ measure: 'hours', count: 48, perDays: 7, per: 'unit' });
    for (const guestQuota of [
      { measure: 'hours', count: 0, perDays: 7, per: 'unit' },
      { measure: 'hours', count: 48, perDays: 1001, per: 'unit' },
      { measure: 'days', count: 48, perDays: 7, per: 'unit' },
      { measure: 'hours', count: 48, perDays: 7, per: 'building' },
    ]) {
      const refused = await save({ guestQuota });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(/^The (number|days of the guest quota|measure|period) /);
    }
    expect((await settings()).guestQuota).toEqual({ measure: 'hours', count: 48, perDays: 7, per: 'unit' });

    const passes = { measure: 'passes', count: 10, perDays: 30, per: 'customer' };
    const saved = await save({ guestQuota: passes });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().guestQuota).toEqual(passes);
    expect(await quotaOf(VISITORS, 'cyd')).toMatchObject({ measure: 'passes', limit: 10, perDays: 30 });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'settings.update'))
      .orderBy(auditLog.createdAt);
    expect(entry?.after).toMatchObject({ guestQuota: passes });

    // Absent: unchanged. Null: no tenant quota any more.
    expect((await save({ guestQuota: undefined })).json().guestQuota).toEqual(passes);
    expect((await save({ guestQuota: null })).json().guestQuota).toBeNull();
    expect(await quotaOf(VISITORS, 'cyd')).toBeNull();
  });
});
