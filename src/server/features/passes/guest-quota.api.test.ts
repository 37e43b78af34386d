import { and, eq } from 'drizzle-orm';
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
import { TEST_NOW, useTestApp } from '../../../../tests/support/test-app';
import { guestQuotaMessages } from '../../../shared/messages/guest-quotas';
import { auditLog, issuedPasses, passQuotaOverrides } from '../../db/schema';

/**
 * Guest quotas per household (issue 31, decision 223). The test clock is TEST_NOW, Friday
 * 2026-11-20 10:00 in New York (15:00Z); "Guest parking" allows 72 hours per 14 days per account.
 */
const GUEST = 'Guest parking';
const dayPass = (email: string, issuedOn: string, expiresAt: string, status: 'paid' | 'canceled' = 'paid') =>
  buildPass(GUEST, {
    customerEmail: email,
    issuedOn,
    expiresAt,
    paidStatus: status,
    vehicle: buildVehicle(),
  });

const homes = buildTenant({
  subdomain: 'homes',
  customers: [
    buildCustomer({ email: 'dana@homes.example', vehicles: [buildVehicle({ plate: 'DANA1' })] }),
    buildCustomer({ email: 'eve@homes.example', vehicles: [buildVehicle({ plate: 'EVE1' })] }),
    buildCustomer({ email: 'dst@homes.example', vehicles: [buildVehicle({ plate: 'DST1' })] }),
    buildCustomer({ email: 'biz1@homes.example', customerEntityName: 'Maple Court' }),
    buildCustomer({ email: 'biz2@homes.example', customerEntityName: 'Maple Court' }),
  ],
  businessAccounts: [{ name: 'Maple Court' }],
  operators: [buildOperator({ email: 'admin@homes.example', role: 'tenant_admin' })],
  products: [
    buildProduct({ name: GUEST, guestQuota: { maxHours: 72, perDays: 14 } }),
    buildProduct({ name: 'Three a week', guestQuota: { maxPasses: 3, perDays: 7 } }),
    buildProduct({ name: 'No quota' }),
    buildProduct({
      name: 'Court visitors',
      isBusinessProduct: true,
      businessAccount: 'Maple Court',
      guestQuota: { maxPasses: 1, perDays: 7 },
    }),
  ],
  passes: [
    // Dana: 48 hours counted, the oldest from Thursday 10:00: 24 hours left until Dec 3.
    dayPass('dana@homes.example', '2026-11-19T15:00:00Z', '2026-11-20T15:00:00Z'),
    dayPass('dana@homes.example', '2026-11-21T15:00:00Z', '2026-11-22T15:00:00Z'),
    // Cancelled and out-of-window passes do not count.
    dayPass('dana@homes.example', '2026-11-18T15:00:00Z', '2026-11-19T15:00:00Z', 'canceled'),
    dayPass('dana@homes.example', '2026-11-01T15:00:00Z', '2026-11-02T15:00:00Z'),
    // Across the end of daylight saving time (Nov 1): see the DST test.
    dayPass('dst@homes.example', '2026-10-27T13:30:00Z', '2026-10-28T13:30:00Z'),
    dayPass('dst@homes.example', '2026-10-27T14:30:00Z', '2026-10-28T14:30:00Z'),
    dayPass('dst@homes.example', '2026-10-31T14:00:00Z', '2026-11-01T15:00:00Z'),
  ],
});
const tokyo = buildTenant({
  subdomain: 'tokyohomes',
  timezone: 'Asia/Tokyo',
  customers: [buildCustomer({ email: 'kei@tokyo.example', vehicles: [buildVehicle({ plate: 'KEI1' })] })],
  products: [buildProduct({ name: GUEST, guestQuota: { maxHours: 72, perDays: 14 } })],
  passes: [
    // Nov 20 01:00 in Tokyo: until Dec 4 01:00 there, still Dec 3 in New York.
    buildPass(GUEST, {
      customerEmail: 'kei@tokyo.example',
      issuedOn: '2026-11-19T16:00:00Z',
      expiresAt: '2026-11-20T16:00:00Z',
    }),
  ],
});
// Each refusal is a new checkout, not a double click answered with the pass before it.
const t = useTestApp({ env: { DUPLICATE_CHECKOUT_WINDOW_SECONDS: '0' }, seed: { tenants: [homes, tokyo] } });

const ids: Record<string, string> = {};
const tokens: Record<string, string> = {};
beforeAll(async () => {
  for (const name of [GUEST, 'Three a week', 'No quota', 'Court visitors']) {
    ids[name] = (await t.db.query.passProducts.findFirst({
      where: (row, { and, eq }) => and(eq(row.name, name), eq(row.tenantId, homes.uuid)),
    }))!.id;
  }
  ids.tokyoGuest = (await t.db.query.passProducts.findFirst({
    where: (row, { and, eq }) => and(eq(row.name, GUEST), eq(row.tenantId, tokyo.uuid)),
  }))!.id;
  for (const who of ['dana', 'eve', 'dst', 'biz1', 'biz2'])
    tokens[who] = await signIn(t, 'homes', `${who}@homes.example`);
  tokens.kei = await signIn(t, 'tokyohomes', 'kei@tokyo.example');
  tokens.admin = await signInOperator(t, 'homes', 'admin@homes.example');
  for (const who of ['dana', 'eve']) ids[who] = (await customerId(`${who}@homes.example`))!;
});

async function customerId(email: string) {
  return (await t.db.query.customers.findFirst({ where: (row, { eq }) => eq(row.email, email) }))?.id;
}

const call = (host: string, method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
  t.request(host, {
    method,
    url: `/api/v1${url}`,
    headers: token ? { authorization: token } : {},
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
const quotaOf = (product: string, token?: string, host = 'homes') =>
  call(host, 'GET', `/portal/permit-quota/${product}`, token);
async function savedVehicleOf(token: string, host = 'homes') {
  const list = (await call(host, 'GET', '/portal/permit/vehicles', token)).json();
  return list[0]?.uuid as string;
}
const issue = async (token: string, product: string, host = 'homes') =>
  call(host, 'POST', '/portal/permit/issue', token, {
    permitProductUUID: product,
    startDate: t.clock.now().toISOString(),
    vehicleUUID: await savedVehicleOf(token, host),
    holderName: 'Guest',
  });

describe('what is left, and the refusal past the cap', () => {
  it('says what is left until the oldest counted pass leaves the 14 days, in the tenant’s zone', async () => {
    const response = await quotaOf(ids[GUEST]!, tokens.dana);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      quota: {
        measure: 'hours',
        limit: 72,
        used: 48,
        remaining: 24,
        perDays: 14,
        until: '2026-12-03T15:00:00.000Z',
        hasOverride: false,
      },
    });
    const fresh = (await quotaOf(ids[GUEST]!, tokens.eve)).json();
    expect(fresh.quota).toMatchObject({ used: 0, remaining: 72, until: null });
    // Signed out, or a product without a quota: nothing to say.
    expect((await quotaOf(ids[GUEST]!)).json()).toEqual({ quota: null });
    expect((await quotaOf(ids['No quota']!, tokens.dana)).json()).toEqual({ quota: null });
    // Another tenant's product is as unknown as a made-up one.
    expect((await quotaOf(ids[GUEST]!, undefined, 'tokyohomes')).statusCode).toBe(404);
  });

  it('takes a pass that uses exactly what is left, then refuses with a 400 that says when more comes', async () => {
    const before = await t.db.select().from(issuedPasses);
    const fits = await issue(tokens.dana!, ids[GUEST]!);
    expect(fits.statusCode).toBe(200);
    expect((await quotaOf(ids[GUEST]!, tokens.dana)).json().quota).toMatchObject({ used: 72, remaining: 0 });
    const over = await issue(tokens.dana!, ids[GUEST]!);
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({
      code: 'quota_reached',
      message: 'You have used all 72 hours per 14 days of this pass. More become available on Dec 3.',
    });
    expect((await t.db.select().from(issuedPasses)).length).toBe(before.length + 1);
    // The courtesy check says the same before any times are chosen; Eve's account is untouched.
    expect((await call('homes', 'GET', `/portal/permit/${ids[GUEST]}/rules`, tokens.dana)).statusCode).toBe(
      400,
    );
    expect((await issue(tokens.eve!, ids[GUEST]!)).statusCode).toBe(200);
  });

  it('counts passes per rolling week for a quota of passes', async () => {
    const eveToken = tokens.eve!;
    for (let n = 0; n < 3; n += 1) {
      t.clock.set(new Date(Date.parse('2026-11-20T15:00:00Z') + n * 3_600_000));
      expect((await issue(eveToken, ids['Three a week']!)).statusCode).toBe(200);
    }
    const standing = (await quotaOf(ids['Three a week']!, eveToken)).json().quota;
    expect(standing).toMatchObject({
      measure: 'passes',
      used: 3,
      remaining: 0,
      until: '2026-11-27T15:00:00.000Z',
    });
    const over = await issue(eveToken, ids['Three a week']!);
    expect(over.json().message).toBe(
      'You have used all 3 passes per 7 days of this pass. More become available on Nov 27.',
    );
    // A week after the first, one more fits.
    t.clock.set('2026-11-27T15:00:01Z');
    const later = await signIn(t, 'homes', 'eve@homes.example');
    expect((await issue(later, ids['Three a week']!)).statusCode).toBe(200);
    t.clock.set(TEST_NOW);
  });
});

describe('time zones and daylight saving time', () => {
  it('goes back 14 calendar days in the zone across the end of DST, and counts a 25-hour day', async () => {
    // Tuesday Nov 10 10:00 EST: the window opens Oct 27 10:00 EDT (14:00Z), 337 hours before.
    t.clock.set('2026-11-10T15:00:00Z');
    const standing = (await quotaOf(ids[GUEST]!, tokens.dst)).json().quota;
    // Out: the 13:30Z pass (09:30 EDT). In: the 14:30Z pass (24 h) and Oct 31 to Nov 1 (25 h).
    expect(standing).toMatchObject({ used: 49, remaining: 23, until: '2026-11-10T15:30:00.000Z' });
    // A day pass from now runs 24 hours: more than the 23 left.
    const over = await issue(tokens.dst!, ids[GUEST]!);
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(
      'This pass is 24 hours long, but only 23 of the 72 hours per 14 days are left until Nov 10.',
    );
    t.clock.set(TEST_NOW);
  });

  it('names the until date in the tenant’s own zone', async () => {
    const standing = (await quotaOf(ids.tokyoGuest!, tokens.kei, 'tokyohomes')).json().quota;
    expect(standing).toMatchObject({ used: 24, remaining: 48, until: '2026-12-03T16:00:00.000Z' });
    // Dec 4 in Tokyo; a pass of 24 h fits twice, then the refusal names Dec 04.
    expect((await issue(tokens.kei!, ids.tokyoGuest!, 'tokyohomes')).statusCode).toBe(200);
    expect((await issue(tokens.kei!, ids.tokyoGuest!, 'tokyohomes')).statusCode).toBe(200);
    const over = await issue(tokens.kei!, ids.tokyoGuest!, 'tokyohomes');
    expect(over.json().message).toContain('Dec 4.');
  });
});

describe('a business account counts as one household', () => {
  it('refuses a second member’s invitation past the account’s quota', async () => {
    const invite = (token: string, email: string) =>
      call('homes', 'POST', '/dashboard/customer/emailpermit', token, {
        email,
        password: 'Business#2026',
        entityUUID: homes.uuid,
        permitUUID: ids['Court visitors'],
      });
    expect((await invite(tokens.biz1!, 'visitor1@homes.example')).statusCode).toBe(200);
    const second = await invite(tokens.biz2!, 'visitor2@homes.example');
    expect(second.statusCode).toBe(400);
    expect(second.json().code).toBe('quota_reached');
  });
});

describe("an operator's override for one pass", () => {
  const grant = (customer: string, body: object, host = 'homes') =>
    call(host, 'POST', `/dashboard/customers/${customer}/quota-overrides`, tokens.admin, body);

  it('lets exactly one pass past the cap, audited, then the cap holds again', async () => {
    const granted = await grant(ids.dana!, { productUUID: ids[GUEST], reason: 'Family visiting' });
    expect(granted.statusCode).toBe(200);
    expect(granted.json().pending).toEqual([
      expect.objectContaining({ productUUID: ids[GUEST], productName: GUEST, reason: 'Family visiting' }),
    ]);
    expect(granted.json().products.map((p: { name: string }) => p.name)).toEqual([
      GUEST,
      'Three a week',
      'Court visitors',
    ]);
    // One unused override per account and product.
    const again = await grant(ids.dana!, { productUUID: ids[GUEST] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(guestQuotaMessages.overrideExists);
    expect((await quotaOf(ids[GUEST]!, tokens.dana)).json().quota.hasOverride).toBe(true);

    const through = await issue(tokens.dana!, ids[GUEST]!);
    expect(through.statusCode).toBe(200);
    const [used] = await t.db
      .select()
      .from(passQuotaOverrides)
      .where(eq(passQuotaOverrides.customerId, ids.dana!));
    expect(used?.usedByPassId).toBe(through.json().permitIssuedUUID);
    expect((await issue(tokens.dana!, ids[GUEST]!)).statusCode).toBe(400);

    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, homes.uuid), eq(auditLog.action, 'customer.quota-override')));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ entityId: ids.dana, actorLabel: 'admin@homes.example' });
    expect(entries[0]!.after).toMatchObject({ productName: GUEST, reason: 'Family visiting' });
  });

  it('refuses a product without a quota with a 400, and another tenant’s customer with a 404', async () => {
    const none = await grant(ids.eve!, { productUUID: ids['No quota'] });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(guestQuotaMessages.overrideNoQuota);
    const kei = await customerId('kei@tokyo.example');
    expect((await grant(kei!, { productUUID: ids[GUEST] })).statusCode).toBe(404);
    expect(
      (await call('homes', 'GET', `/dashboard/customers/${kei}/quota-overrides`, tokens.admin)).statusCode,
    ).toBe(404);
  });
});
