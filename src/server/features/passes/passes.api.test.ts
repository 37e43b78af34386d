import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildCustomer, buildProduct, buildTenant } from '../../../../tests/support/factories';
import { pngBytes } from '../../../../tests/support/files';
import { expectPerClientLimit } from '../../../../tests/support/rate-limits';
import { submitSandboxCheckout } from '../../../../tests/support/sandbox-checkout';
import { signIn } from '../../../../tests/support/sessions';
import { createTestApp, TEST_NOW, type TestApp } from '../../../../tests/support/test-app';
import { uploadThroughApi } from '../../../../tests/support/uploads';
import { passMessages } from '../../../shared/messages/passes';
import {
  customers,
  emailOutbox,
  issuedPasses,
  passAccessCodes,
  passProducts,
  passVehicles,
} from '../../db/schema';
import { RATE_LIMITED_MESSAGE } from '../../plugins/rate-limit';
import { releaseExpiredReservations } from './release-reservations';

/**
 * Getting a pass (issue 9): catalogue, rules, codes, verification, the three outcomes, capacity,
 * reservations and payment, through the API as the screens call it. The test clock starts at
 * TEST_NOW, Friday 2026-11-20 10:00 in New York.
 */
let t: TestApp;
let residentToken: string;
let otherToken: string;
let businessToken: string;

const products = {
  free: buildProduct({
    name: 'Resident free',
    footerCopy: '<p>Read <a href="javascript:x">this</a><script>alert(1)</script></p>',
  }),
  approval: buildProduct({ name: 'Needs approval', isAutoApproved: false, advancedType: 2 }),
  paid: buildProduct({ name: 'Daily paid', amount: 1500 }),
  monthly: buildProduct({
    name: 'Monthly recurring',
    amount: 9000,
    billingType: 'RECURRING',
    billingPeriod: 'MONTH',
    permitDuration: 1,
    permitDurationUnit: 'MONTH',
  }),
  visitor: buildProduct({ name: 'Visitor', isVisitorOnly: true, needsGuestCode: true }),
  soldOut: buildProduct({ name: 'Small lot', capacity: 1 }),
  codes: buildProduct({ name: 'Coded', accessCodes: ['ALPHA-1', 'ALPHA-2'] }),
  signup: buildProduct({ name: 'Sign-up code', isSignupCodeRequired: true }),
  preset: buildProduct({
    name: 'Event night',
    timeSelectionType: 2,
    chosenDate: '2026-12-31T23:00:00Z',
    chosenEndDate: '2027-01-01T05:00:00Z',
  }),
  verify: buildProduct({ name: 'Verified guest', isEmailVerify: true }),
  business: buildProduct({ name: 'Business lot', isBusinessProduct: true }),
  labelAddress: buildProduct({
    name: 'Label and address',
    advancedType: 3,
    isAutoApproved: false,
    guestNeedsPermitHolderInfo: true,
  }),
  fullCustom: buildProduct({
    name: 'Full custom',
    advancedType: 4,
    formFields: [
      { label: 'Unit', value: '' },
      { label: 'Lease end', value: '' },
    ],
  }),
  square: buildProduct({ name: 'Square', advancedType: 5, isAutoApproved: false }),
  hawaii: buildProduct({
    name: 'Hawaii',
    residencyRule: 'HI',
    advancedType: 2,
    isAutoApproved: false,
    labelDescriptor: 'State ID',
  }),
  proof: buildProduct({ name: 'Proof needed', isRegImgRequired: true, isAutoApproved: false }),
  manual: buildProduct({
    name: 'Manual time',
    timeSelectionType: 3,
    permitDuration: 3,
    permitDurationUnit: 'DAY',
  }),
  plateOnly: buildProduct({ name: 'Plate only', isPlateOnly: true }),
  noLabel: buildProduct({ name: 'No label', advancedType: 1, labelDescriptor: 'None' }),
  normalAddress: buildProduct({ name: 'Normal address', advancedType: 2 }),
  minimalHolder: buildProduct({ name: 'Minimal holder', advancedType: 2, isMinPermitHolderInfo: true }),
  weekdays: buildProduct({
    name: 'Weekdays',
    rules: { weekdays: [1, 2, 3, 4], hours: { from: '08:00', to: '18:00' } },
  }),
  notYet: buildProduct({ name: 'Not yet', rules: { salesStart: '2026-12-01T05:00:00Z' } }),
  blackout: buildProduct({ name: 'Blackout', rules: { blackoutDates: ['2026-11-20'] } }),
  quota: buildProduct({ name: 'Quota', rules: { quota: { count: 2, period: 'MONTH', per: 'customer' } } }),
  plateHours: buildProduct({
    name: 'Plate hours',
    permitDuration: 24,
    permitDurationUnit: 'HOUR',
    rules: { quota: { count: 48, period: 'DAY', periodLength: 14, per: 'plate', measure: 'hours' } },
  }),
} as const;

const ids: Record<keyof typeof products, string> = {} as never;

beforeAll(async () => {
  // These tests send the same checkout again on purpose (quotas, limits, codes): the guard that
  // answers an identical checkout with its first pass (idempotent-checkout.api.test.ts) is off.
  t = await createTestApp({ env: { DUPLICATE_CHECKOUT_WINDOW_SECONDS: '0' } });
  await t.seed({
    tenants: [
      {
        ...buildTenant({ subdomain: 'alpha' }),
        businessAccounts: [{ name: 'Acme' }],
        signupCodes: [{ code: 'SIGN-UP-1' }],
        customers: [
          buildCustomer({
            email: 'resident@example.com',
            fullname: 'Rita Resident',
            isGuestCodesActive: true,
            guestCode: 'HOST42',
          }),
          buildCustomer({ email: 'other@example.com', fullname: 'Otto Other' }),
          buildCustomer({ email: 'boss@example.com', fullname: 'Bea Boss', customerEntityName: 'Acme' }),
        ],
        products: Object.values(products),
      },
      {
        ...buildTenant({ subdomain: 'beta' }),
        products: [buildProduct({ name: 'Beta pass' })],
      },
    ],
  });
  for (const [key, product] of Object.entries(products)) {
    const [row] = await t.db
      .select({ id: passProducts.id })
      .from(passProducts)
      .where(eq(passProducts.name, product.name));
    ids[key as keyof typeof products] = row!.id;
  }
  residentToken = await signIn(t, 'alpha', 'resident@example.com', 'Parking#2026');
  otherToken = await signIn(t, 'alpha', 'other@example.com', 'Parking#2026');
  businessToken = await signIn(t, 'alpha', 'boss@example.com', 'Parking#2026');
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(TEST_NOW));

const vehicle = { plate: 'abc 123', state: 'ny', make: 'toyota', model: 'corolla', color: 'blue' };
const guestBody = (product: keyof typeof products, overrides: Record<string, unknown> = {}) => ({
  permitProductUUID: ids[product],
  subdomain: 'alpha',
  email: 'guest@example.com',
  fullname: 'Gus Guest',
  date: t.clock.now().toISOString(),
  vehicle,
  ...overrides,
});
const guestFree = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.request('alpha', { method: 'POST', url: '/api/v1/permits/checkout/guest/free', payload: body, headers });
const guestPaid = (body: Record<string, unknown>) =>
  t.request('alpha', {
    method: 'POST',
    url: '/api/v1/permits/checkout/guest/paid/incomplete',
    payload: body,
  });
const issue = (token: string | null, body: Record<string, unknown>) =>
  t.request('alpha', {
    method: 'POST',
    url: '/api/v1/portal/permit/issue',
    // The application screen sends the start it showed: now, unless the test says otherwise.
    payload: { startDate: t.clock.now().toISOString(), ...body },
    headers: token ? { authorization: token } : {},
  });
const get = (url: string, token?: string, host = 'alpha') =>
  t.request(host, { method: 'GET', url, headers: token ? { authorization: token } : {} });
const passCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(issuedPasses))[0]!.n;
const passOf = async (id: string) =>
  (await t.db.select().from(issuedPasses).where(eq(issuedPasses.id, id)))[0]!;
const emailsTo = (to: string) => t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));

describe('catalogue', () => {
  it('lists public products with price, approval, sold-out state and sanitised footer copy', async () => {
    const response = await get('/api/v1/portal/permit/products');
    expect(response.statusCode).toBe(200);
    const list = response.json() as Array<Record<string, unknown>>;
    expect(list.map((product) => product.name)).not.toContain('Business lot');
    expect(list.find((product) => product.name === 'Needs approval')).toMatchObject({
      isAutoApproved: false,
      amount: 0,
    });
    expect(list.find((product) => product.name === 'Resident free')?.footerCopy).toBe(
      '<p>Read <a>this</a></p>',
    );
    expect(list.find((product) => product.name === 'Coded')).toMatchObject({ hasAccessCodes: true });
    const bySubdomain = await get('/api/v1/portal/permit/products/subdomain/alpha');
    expect(bySubdomain.json()).toHaveLength(list.length);
  });

  it('lists visitor-only products with visitor_only=true', async () => {
    const list = (await get('/api/v1/portal/permit/products?visitor_only=true')).json() as Array<{
      name: string;
    }>;
    expect(list.map((product) => product.name)).toEqual(['Visitor']);
  });

  it('lists business products only to business accounts', async () => {
    expect((await get('/api/v1/portal/permit/customerentity/products')).statusCode).toBe(401);
    expect((await get('/api/v1/portal/permit/customerentity/products', residentToken)).statusCode).toBe(403);
    const list = (await get('/api/v1/portal/permit/customerentity/products', businessToken)).json() as Array<{
      name: string;
    }>;
    expect(list.map((product) => product.name)).toEqual(['Business lot']);
  });

  it('answers one product, its images and fields; another tenant’s product is a 404', async () => {
    const product = await get(`/api/v1/portal/permit/product/${ids.fullCustom}`);
    expect(product.json()).toMatchObject({ name: 'Full custom', advancedType: 4, maxProofFiles: 6 });
    expect((await get(`/api/v1/portal/permit/product/${ids.fullCustom}/images`)).json()).toEqual([]);
    expect((await get(`/api/v1/portal/permit/fields/${ids.fullCustom}`)).json()).toEqual([
      { label: 'Unit', value: '' },
      { label: 'Lease end', value: '' },
    ]);
    expect((await get(`/api/v1/portal/permit/product/${ids.fullCustom}`, undefined, 'beta')).statusCode).toBe(
      404,
    );
    expect((await get(`/api/v1/portal/permit/fields/${ids.fullCustom}`, undefined, 'beta')).statusCode).toBe(
      404,
    );
    expect((await get('/api/v1/portal/permit/product/not-a-uuid')).statusCode).toBe(400);
  });
});

describe('rules, in the tenant’s time zone', () => {
  const rules = (product: keyof typeof products, token?: string) =>
    get(`/api/v1/portal/permit/${ids[product]}/rules?timezone=America/Chicago`, token);

  it('allows a product without rules', async () => {
    expect((await rules('free')).json()).toEqual({ isAllowed: true });
  });

  it('refuses outside the weekdays and hours and says when it opens again', async () => {
    // Friday 10:00 New York: Friday is not a sale day; it opens Monday 08:00.
    const friday = await rules('weekdays');
    expect(friday.statusCode).toBe(409);
    expect(friday.json()).toEqual({
      code: 'rule_closed',
      message: 'This pass cannot be bought on this day of the week. It opens again Nov 23, 2026 08:00 AM.',
    });
    // Monday 07:59 local is before hours; 08:00 is open; 18:00 is closed again.
    t.clock.set('2026-11-23T12:59:00Z');
    expect((await rules('weekdays')).json().message).toBe(
      'This pass can only be bought during set hours. It opens again Nov 23, 2026 08:00 AM.',
    );
    t.clock.set('2026-11-23T13:00:00Z');
    expect((await rules('weekdays')).statusCode).toBe(200);
    t.clock.set('2026-11-23T23:00:00Z');
    expect((await rules('weekdays')).json().message).toBe(
      'This pass can only be bought during set hours. It opens again Nov 24, 2026 08:00 AM.',
    );
  });

  it('refuses before the sales window and on blackout dates', async () => {
    expect((await rules('notYet')).json().message).toBe(
      'This pass is not on sale yet. It opens Dec 01, 2026 12:00 AM.',
    );
    expect((await rules('blackout')).json().message).toBe(
      'This pass cannot be bought on this date. It opens again Nov 21, 2026 12:00 AM.',
    );
    // 23:59 local on the blackout day is still closed; midnight local opens it.
    t.clock.set('2026-11-21T04:59:00Z');
    expect((await rules('blackout')).statusCode).toBe(409);
    t.clock.set('2026-11-21T05:00:00Z');
    expect((await rules('blackout')).statusCode).toBe(200);
  });

  it('enforces the same rules when the pass is issued, not only on the check', async () => {
    const before = await passCount();
    const response = await guestFree(guestBody('weekdays'));
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('rule_closed');
    expect(await passCount()).toBe(before);
  });

  it('counts a per-customer quota per period and names when it opens again', async () => {
    const body = {
      permitProductUUID: ids.quota,
      vehicleUUID: await savedVehicle(otherToken),
      holderName: 'Otto',
    };
    expect((await issue(otherToken, body)).statusCode).toBe(200);
    expect((await issue(otherToken, body)).statusCode).toBe(200);
    const third = await issue(otherToken, body);
    expect(third.statusCode).toBe(400);
    expect(third.json().code).toBe('quota_reached');
    expect(third.json().message).toBe(
      'You have reached the limit of 2 passes per month for this pass. It opens again Dec 20, 2026 10:00 AM.',
    );
    expect((await rules('quota', otherToken)).statusCode).toBe(400);
    expect((await rules('quota', residentToken)).statusCode).toBe(200);
    t.clock.set('2026-12-20T15:00:01Z');
    const laterToken = await signIn(t, 'alpha', 'other@example.com', 'Parking#2026');
    expect((await issue(laterToken, body)).statusCode).toBe(200);
  });

  it('counts hours per plate over 14 days', async () => {
    const plate = { ...vehicle, plate: 'HRS 1' };
    expect((await guestFree(guestBody('plateHours', { vehicle: plate }))).statusCode).toBe(200);
    expect(
      (await guestFree(guestBody('plateHours', { vehicle: plate, email: 'another@example.com' }))).statusCode,
    ).toBe(200);
    const third = await guestFree(guestBody('plateHours', { vehicle: { ...plate, plate: 'hrs1' } }));
    expect(third.statusCode).toBe(400);
    expect(third.json().message).toContain('48 hours per 14 days');
    expect(
      (await guestFree(guestBody('plateHours', { vehicle: { ...plate, plate: 'HRS 2' } }))).statusCode,
    ).toBe(200);
  });
});

// A saved plate is saved once (a second is a 409): each call saves a car of its own by default.
let savedVehicles = 0;
async function savedVehicle(token: string, plate = `SAVED ${++savedVehicles}`): Promise<string> {
  const response = await t.request('alpha', {
    method: 'POST',
    url: '/api/v1/portal/permit/vehicle',
    headers: { authorization: token },
    payload: { ...vehicle, plate },
  });
  expect(response.statusCode).toBe(200);
  return response.json().uuid;
}

describe('checkout validation (section 5, in the spec’s order)', () => {
  async function refused(body: Record<string, unknown>, message: string, code = 'pass_validation') {
    const before = await passCount();
    const response = await guestFree(body);
    expect(response.json()).toEqual({ code, message });
    expect(response.statusCode).toBe(400);
    expect(await passCount()).toBe(before);
  }

  it('asks for the guest code first, then a valid email, a date and the vehicle', async () => {
    await refused(
      guestBody('visitor', { email: 'bad', date: null, vehicle: null }),
      passMessages.guestCodeRequired,
    );
    await refused(guestBody('free', { email: 'bad', date: null, vehicle: null }), passMessages.emailInvalid);
    await refused(guestBody('free', { date: null, vehicle: null }), passMessages.dateRequired);
    await refused(guestBody('free', { vehicle: { ...vehicle, plate: '   ' } }), passMessages.vehicleRequired);
    await refused(guestBody('free', { vehicle: null }), passMessages.vehicleRequired);
  });

  it('needs both start and end for manual time (type 3), end after start, within the duration', async () => {
    await refused(guestBody('manual', { endDate: null }), passMessages.startAndEndRequired);
    await refused(guestBody('manual', { endDate: '2026-11-20T14:00:00Z' }), passMessages.endBeforeStart);
    await refused(
      guestBody('manual', { endDate: '2026-11-24T15:00:00Z' }),
      'The pass cannot be longer than its product allows.',
    );
    const ok = await guestFree(
      guestBody('manual', { date: '2026-11-21T14:00:00Z', endDate: '2026-11-23T14:00:00Z' }),
    );
    expect(ok.statusCode).toBe(200);
    const pass = await passOf(ok.json().permitIssuedUUID);
    expect([pass.issuedOn.toISOString(), pass.expiresAt.toISOString()]).toEqual([
      '2026-11-21T14:00:00.000Z',
      '2026-11-23T14:00:00.000Z',
    ]);
  });

  it('checks the label-and-address type (3)', async () => {
    await refused(guestBody('labelAddress', { holderName: 'X' }), passMessages.labelAndAddressRequired);
  });

  it('needs every custom field of the full custom type (4)', async () => {
    await refused(
      guestBody('fullCustom', { formFields: [{ label: 'Unit', value: '4B' }] }),
      passMessages.fullCustomFieldsRequired,
    );
    const ok = await guestFree(
      guestBody('fullCustom', {
        formFields: [
          { label: 'Unit', value: '4B' },
          { label: 'Lease end', value: '2027' },
          { label: 'Injected', value: 'ignored' },
        ],
      }),
    );
    expect(ok.statusCode).toBe(200);
    expect((await passOf(ok.json().permitIssuedUUID)).customFormFields).toEqual([
      { label: 'Unit', value: '4B' },
      { label: 'Lease end', value: '2027' },
    ]);
  });

  it('applies the Hawaii residency rule as a product setting', async () => {
    const holder = {
      holderName: 'Kai',
      holderAddress1: '1 Beach Rd',
      holderCity: 'Hilo',
      holderZip: '96720',
      holderCountry: 'US',
    };
    await refused(
      guestBody('hawaii', { ...holder, holderLabel: 'X12345678', holderState: 'HI' }),
      passMessages.residencyErrorHawaii,
      'residency_rule',
    );
    await refused(
      guestBody('hawaii', { ...holder, holderLabel: 'H12345678', holderState: 'CA' }),
      passMessages.residencyErrorHawaii,
      'residency_rule',
    );
    expect(
      (await guestFree(guestBody('hawaii', { ...holder, holderLabel: 'h123456789', holderState: 'HI' })))
        .statusCode,
    ).toBe(200);
  });

  it('asks for the holder name, a valid holder email and, for auto-approved address types, the address', async () => {
    const noName = await issue(residentToken, {
      permitProductUUID: ids.free,
      vehicleUUID: await savedVehicle(residentToken),
    });
    expect(noName.json()).toEqual({ code: 'pass_validation', message: passMessages.holderNameRequired });
    const badEmail = await issue(residentToken, {
      permitProductUUID: ids.free,
      vehicleUUID: await savedVehicle(residentToken),
      holderName: 'Rita',
      holderEmail: 'nope',
    });
    expect(badEmail.json().message).toBe(passMessages.holderEmailInvalid);
  });

  it('needs the address for auto-approved address types (2), not for simple (0), no-label (1) or minimal holder info', async () => {
    const vehicleUUID = await savedVehicle(residentToken);
    const holder = { holderName: 'Rita', holderLabel: 'Unit 4' };
    const address = await issue(residentToken, {
      permitProductUUID: ids.normalAddress,
      vehicleUUID,
      ...holder,
    });
    expect(address.json()).toEqual({ code: 'pass_validation', message: passMessages.addressRequired });
    const full = {
      ...holder,
      holderAddress1: '1 Main St',
      holderCity: 'New York',
      holderState: 'NY',
      holderZip: '10001',
      holderCountry: 'US',
    };
    expect(
      (await issue(residentToken, { permitProductUUID: ids.normalAddress, vehicleUUID, ...full })).statusCode,
    ).toBe(200);
    expect(
      (await issue(residentToken, { permitProductUUID: ids.free, vehicleUUID, ...holder })).statusCode,
    ).toBe(200);
    expect(
      (await issue(residentToken, { permitProductUUID: ids.minimalHolder, vehicleUUID, ...holder }))
        .statusCode,
    ).toBe(200);
    const noLabel = await issue(residentToken, { permitProductUUID: ids.noLabel, vehicleUUID, ...holder });
    expect(noLabel.statusCode).toBe(200);
    // 'None' hides the label field: nothing typed into it is kept.
    const permit = (await get(`/api/v1/portal/customer/permit/${noLabel.json().permitIssuedUUID}`)).json();
    expect(permit.permitHolder).toMatchObject({ name: 'Rita', label: null });
    expect(permit.advancedType).toBe(1);
  });

  it('needs the square type’s contact fields (5) with a valid emergency email', async () => {
    const holder = {
      holderName: 'Sam',
      phonenumber: '555',
      buildingBusiness: 'Tower',
      lotName: 'B',
      emergencyName: 'Em',
      emergencyNumber: '911',
    };
    const vehicleUUID = await savedVehicle(residentToken);
    const missing = await issue(residentToken, { permitProductUUID: ids.square, vehicleUUID, ...holder });
    expect(missing.json().message).toBe(passMessages.squareContactRequired);
    const bad = await issue(residentToken, {
      permitProductUUID: ids.square,
      vehicleUUID,
      ...holder,
      emergencyEmail: 'x@',
    });
    expect(bad.json().message).toBe(passMessages.emergencyEmailInvalid);
    const ok = await issue(residentToken, {
      permitProductUUID: ids.square,
      vehicleUUID,
      ...holder,
      emergencyEmail: 'em@example.com',
    });
    expect(ok.statusCode).toBe(200);
    expect(
      (await get(`/api/v1/portal/customer/permit/${ok.json().permitIssuedUUID}`)).json().permitHolder,
    ).toMatchObject({
      buildingBusiness: 'Tower',
      emergencyEmail: 'em@example.com',
    });
  });

  it('needs a proof file where required, takes at most 6, attaches each once', async () => {
    await refused(guestBody('proof', { holderName: 'P' }), passMessages.proofRequired);
    const files = await Promise.all(
      Array.from({ length: 7 }, () => uploadThroughApi(t, 'alpha', pngBytes(), { purpose: 'pass-proof' })),
    );
    const urls = files.map((file) => file.fileUrl);
    const tooMany = await guestFree(guestBody('proof', { holderName: 'P', regImgURLs: urls }));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toContain(passMessages.fileCountReached);
    const ok = await guestFree(guestBody('proof', { holderName: 'P', regImgURLs: urls.slice(0, 2) }));
    expect(ok.statusCode).toBe(200);
    const permit = (await get(`/api/v1/portal/customer/permit/${ok.json().permitIssuedUUID}`)).json();
    expect(permit.regImgUrls).toEqual(urls.slice(0, 2));
    expect(permit.regImgUrl).toBe(urls[0]);
    const reused = await guestFree(guestBody('proof', { holderName: 'P', regImgURLs: [urls[0]] }));
    expect(reused.json().code).toBe('upload_in_use');
  });

  it('keeps only the plate of a plate-only product, upper-cased', async () => {
    const ok = await guestFree(guestBody('plateOnly'));
    const permit = (await get(`/api/v1/portal/customer/permit/${ok.json().permitIssuedUUID}`)).json();
    expect(permit.vehicle).toMatchObject({
      plate: 'ABC 123',
      state: null,
      make: null,
      model: null,
      color: null,
    });
  });

  it('answers 400 for malformed input and writes nothing', async () => {
    const before = await passCount();
    for (const body of [
      {},
      guestBody('free', { permitProductUUID: 'x' }),
      guestBody('free', { date: 'tomorrow' }),
      guestBody('free', { vehicle: { plate: 'A'.repeat(40) } }),
      guestBody('free', { formFields: 'x' }),
    ]) {
      const response = await guestFree(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('bad_request');
    }
    expect(await passCount()).toBe(before);
  });
});

describe('outcomes (section 4)', () => {
  it('not auto-approved: a waiting pass and the submitted email', async () => {
    const response = await guestFree(
      guestBody('approval', {
        email: 'applicant@example.com',
        holderName: 'Ann',
        holderAddress1: '1 Main',
        holderCity: 'NYC',
        holderState: 'NY',
        holderZip: '10001',
        holderCountry: 'US',
        needsApproval: false,
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ paidStatus: 'waiting', outcome: 'submitted' });
    const [email] = await emailsTo('applicant@example.com');
    expect(email?.content.heading).toBe(passMessages.submittedTitle);
  });

  it('auto-approved and free: a paid pass, the issued email with receipt and edit links', async () => {
    const response = await guestFree(guestBody('free', { email: 'freebie@example.com', amount: 0 }));
    expect(response.json()).toMatchObject({ paidStatus: 'paid', outcome: 'issued' });
    const id = response.json().permitIssuedUUID;
    const pass = await passOf(id);
    expect(pass.issuedOn.toISOString()).toBe(TEST_NOW);
    expect(pass.expiresAt.toISOString()).toBe('2026-11-21T15:00:00.000Z');
    const [email] = await emailsTo('freebie@example.com');
    expect(email?.content.action?.url).toBe(`http://alpha.localhost:3000/permit/issued/${id}/receipt`);
    expect(email?.content.paragraphs.join(' ')).toContain(
      `http://alpha.localhost:3000/permit/issued/${id}/edit`,
    );
  });

  it('auto-approved with a charge: an incomplete pass at the server’s price, paid once through the sandbox', async () => {
    expect((await guestFree(guestBody('paid'))).statusCode).toBe(400);
    expect((await guestPaid(guestBody('free'))).statusCode).toBe(400);
    const response = await guestPaid(guestBody('paid', { email: 'payer@example.com', amount: 1 }));
    expect(response.json()).toMatchObject({ paidStatus: 'incomplete', outcome: 'payment' });
    const id = response.json().permitIssuedUUID;
    expect(await passOf(id)).toMatchObject({ amount: 1500, reservedUntil: new Date('2026-11-20T15:30:00Z') });
    expect((await get(`/api/v1/portal/customer/permit/${id}`)).json()).toMatchObject({
      status: 'Needs payment',
    });

    const url = await get(`/api/v1/portal/permit/guestcheckout/${id}/subdomain/alpha`);
    expect(url.statusCode).toBe(200);
    const path = new URL(url.json().checkoutURL).pathname;
    const page = await t.request('alpha', { method: 'GET', url: path });
    expect(page.body).toContain('$15.00');
    const paid = await payOnSandbox(path);
    expect(paid.headers.location).toBe(
      `http://alpha.localhost:3000/permits/apply/${id}/success?checkout=success`,
    );
    expect(await passOf(id)).toMatchObject({ paidStatus: 'paid', reservedUntil: null });
    expect((await emailsTo('payer@example.com')).map((email) => email.content.heading)).toEqual([
      passMessages.issuedSuccess,
    ]);
    // Paid: no second checkout.
    expect((await get(`/api/v1/portal/permit/guestcheckout/${id}/subdomain/alpha`)).statusCode).toBe(409);
  });

  it('a customer’s paid pass is paid through their own checkout URL only', async () => {
    const response = await issue(residentToken, {
      permitProductUUID: ids.paid,
      vehicleUUID: await savedVehicle(residentToken),
      holderName: 'Rita',
    });
    const id = response.json().permitIssuedUUID;
    expect((await get(`/api/v1/portal/permit/checkout/${id}/subdomain/alpha`)).statusCode).toBe(401);
    expect((await get(`/api/v1/portal/permit/checkout/${id}/subdomain/alpha`, otherToken)).statusCode).toBe(
      404,
    );
    expect(
      (await get(`/api/v1/portal/permit/checkout/${id}/subdomain/alpha`, residentToken)).statusCode,
    ).toBe(200);
    expect(
      (await get(`/api/v1/portal/permit/guestcheckout/${id}/subdomain/beta`, undefined, 'beta')).statusCode,
    ).toBe(404);
  });
});

const payOnSandbox = (path: string, cardNumber = '4242 4242 4242 4242') =>
  submitSandboxCheckout(t, 'alpha', path, cardNumber);

describe('capacity and reservations', () => {
  it('never sells more than the capacity: 409 with the spec’s message, also concurrently', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, n) => guestFree(guestBody('soldOut', { email: `lot${n}@example.com` }))),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    for (const answer of answers.filter((answer) => answer.statusCode !== 200)) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toEqual({ code: 'sold_out', message: passMessages.soldOut });
    }
    const product = (await get(`/api/v1/portal/permit/product/${ids.soldOut}`)).json();
    expect(product.isSoldOut).toBe(true);
  });

  it('holds an unpaid pass’s place for the tenant’s minutes, then releases it; a late payment is refunded', async () => {
    await t.db.update(passProducts).set({ capacity: 1 }).where(eq(passProducts.id, ids.paid));
    await t.db.delete(issuedPasses).where(eq(issuedPasses.productId, ids.paid));
    const first = await guestPaid(guestBody('paid', { email: 'slow@example.com' }));
    const id = first.json().permitIssuedUUID;
    const path = new URL(
      (await get(`/api/v1/portal/permit/guestcheckout/${id}/subdomain/alpha`)).json().checkoutURL,
    ).pathname;
    expect((await guestPaid(guestBody('paid'))).statusCode).toBe(409);

    t.clock.set('2026-11-20T15:30:00Z');
    expect(await releaseExpiredReservations({ db: t.db, clock: t.clock })).toBe(1);
    expect(await passOf(id)).toMatchObject({ paidStatus: 'expired', reservedUntil: null });
    expect((await get(`/api/v1/portal/permit/guestcheckout/${id}/subdomain/alpha`)).statusCode).toBe(409);
    const second = await guestPaid(guestBody('paid', { email: 'quick@example.com' }));
    expect(second.statusCode).toBe(200);

    // The first guest pays the page still open: there is no room, so the money goes back.
    await payOnSandbox(path);
    expect((await passOf(id)).paidStatus).toBe('expired');
    const sessions = await t.db.execute(sql`select status from payment_sessions where subject_id = ${id}`);
    expect(
      (sessions as unknown as { rows: Array<{ status: string }> }).rows.map((row) => row.status),
    ).toEqual(['refunded']);
    await t.db.update(passProducts).set({ capacity: null }).where(eq(passProducts.id, ids.paid));
  });

  it('refuses beyond maxPermitCountPerCustomer with the spec’s message', async () => {
    await t.db.execute(sql`update tenants set max_permit_count_per_customer = 1 where subdomain = 'alpha'`);
    t.app.tenants.clear();
    try {
      const [business] = await t.db.select().from(customers).where(eq(customers.email, 'boss@example.com'));
      const vehicleUUID = await savedVehicle(businessToken);
      const body = { permitProductUUID: ids.business, vehicleUUID, holderName: 'Bea' };
      expect((await issue(businessToken, body)).statusCode).toBe(200);
      const second = await issue(businessToken, body);
      expect(second.statusCode).toBe(409);
      expect(second.json()).toEqual({
        code: 'max_permits_reached',
        message: `${passMessages.maxPermitsTitle} Only 1 permit(s) can be registered for this account. If you have multiple redemption codes please create a new account using an alternate email address.`,
      });
      expect(business).toBeDefined();
    } finally {
      await t.db.execute(
        sql`update tenants set max_permit_count_per_customer = null where subdomain = 'alpha'`,
      );
      t.app.tenants.clear();
    }
  });
});

describe('codes', () => {
  it('looks up an access code (normalised) for its product; a wrong or used one fails with the spec’s text', async () => {
    const customerId = (await get('/api/v1/portal/customer', otherToken)).json().uuid;
    const found = await get(
      `/api/v1/portal/customer/${customerId}/permit/permitcode/${encodeURIComponent(' alpha-1 ')}`,
      otherToken,
    );
    expect(found.json()).toEqual({ permitProductUUID: ids.codes });
    const wrong = await get(`/api/v1/portal/customer/${customerId}/permit/permitcode/NOPE`, otherToken);
    expect(wrong.json()).toEqual({
      code: 'invalid_access_code',
      message: passMessages.accessCodeLookupFailed,
    });
    expect((await get(`/api/v1/portal/customer/${customerId}/permit/permitcode/ALPHA-1`)).statusCode).toBe(
      401,
    );
    expect(
      (await get(`/api/v1/portal/customer/${randomUUID()}/permit/permitcode/ALPHA-1`, otherToken)).statusCode,
    ).toBe(404);
    expect(
      (await get(`/api/v1/dashboard/permit/${ids.codes}/access-codes/alpha-1/checkcode`)).json(),
    ).toEqual({ isValid: true });
    expect(
      (await get(`/api/v1/dashboard/permit/${ids.free}/access-codes/ALPHA-1/checkcode`)).statusCode,
    ).toBe(409);
    expect(
      (await get(`/api/v1/dashboard/permit/${ids.codes}/access-codes/ALPHA-1/checkcode`, undefined, 'beta'))
        .statusCode,
    ).toBe(404);
  });

  it('consumes a code in the issuing transaction: one pass per code, also when two race', async () => {
    const without = await guestFree(guestBody('codes'));
    expect(without.json()).toEqual({ code: 'invalid_access_code', message: passMessages.invalidAccessCode });
    const race = await Promise.all([
      guestFree(guestBody('codes', { permitCode: 'alpha 2', email: 'a@example.com' })),
      guestFree(guestBody('codes', { permitCode: 'ALPHA-2', email: 'b@example.com' })),
    ]);
    expect(race.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const [code] = await t.db.select().from(passAccessCodes).where(eq(passAccessCodes.code, 'ALPHA-2'));
    expect(code?.usedByPassId).toBe(
      race.find((answer) => answer.statusCode === 200)!.json().permitIssuedUUID,
    );
    expect(
      (await get(`/api/v1/dashboard/permit/${ids.codes}/access-codes/ALPHA-2/checkcode`)).statusCode,
    ).toBe(409);
  });

  it('takes a sign-up code of the tenant once for a product that asks for one', async () => {
    expect((await guestFree(guestBody('signup'))).json().code).toBe('invalid_access_code');
    expect((await guestFree(guestBody('signup', { permitCode: 'sign-up-1' }))).statusCode).toBe(200);
    const again = await guestFree(
      guestBody('signup', { permitCode: 'SIGN-UP-1', email: 'twice@example.com' }),
    );
    expect(again.json()).toEqual({ code: 'invalid_access_code', message: passMessages.invalidAccessCode });
  });

  it('needs the host’s guest code for a visitor pass, and replaces it after use', async () => {
    const wrong = await guestFree(guestBody('visitor', { guestCode: 'WRONG1' }));
    expect(wrong.json()).toEqual({ code: 'invalid_guest_code', message: passMessages.guestCodeInvalid });
    const ok = await guestFree(guestBody('visitor', { guestCode: ' host42 ' }));
    expect(ok.statusCode).toBe(200);
    const host = (await get('/api/v1/portal/customer', residentToken)).json();
    expect(host.guestCode).not.toBe('HOST42');
    expect((await guestFree(guestBody('visitor', { guestCode: 'HOST42' }))).statusCode).toBe(400);
  });
});

describe('email verification', () => {
  it('emails a single-use link that opens the checkout with the address locked', async () => {
    const sent = await t.request('alpha', {
      method: 'POST',
      url: '/api/v1/portal/permit/guest/emailverify',
      payload: { subdomain: 'alpha', permitUUID: ids.verify, email: ' Verify.Me@Example.com ' },
    });
    expect(sent.json()).toEqual({ message: passMessages.emailSent });
    const [email] = await emailsTo('verify.me@example.com');
    const link = new URL(email!.content.action!.url);
    const [, , permitUUID, , customerUUID] = link.pathname.split('/');
    expect(link.pathname).toMatch(/^\/permit\/[0-9a-f-]+\/guestcheckout\/[0-9a-f-]+$/);
    expect(permitUUID).toBe(ids.verify);
    const token = link.searchParams.get('token')!;

    const check = await t.request('alpha', {
      method: 'POST',
      url: '/api/v1/portal/permit/guest/emailverify/check',
      payload: { permitUUID, customerUUID, token },
    });
    expect(check.json()).toEqual({ email: 'verify.me@example.com', customerUUID });

    const unverified = await guestFree(guestBody('verify'));
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json().code).toBe('verification_required');
    const ok = await guestFree(
      guestBody('verify', { email: 'someone-else@example.com', emailVerificationToken: token }),
    );
    expect(ok.statusCode).toBe(200);
    expect(await passOf(ok.json().permitIssuedUUID)).toMatchObject({
      customerEmail: 'verify.me@example.com',
      customerId: customerUUID,
    });
    const again = await guestFree(guestBody('verify', { emailVerificationToken: token }));
    expect(again.statusCode).toBe(410);
  });

  it('expires a link after 24 hours and refuses a bad address', async () => {
    await t.request('alpha', {
      method: 'POST',
      url: '/api/v1/portal/permit/guest/emailverify',
      payload: { subdomain: 'alpha', permitUUID: ids.verify, email: 'late@example.com' },
    });
    const token = new URL((await emailsTo('late@example.com'))[0]!.content.action!.url).searchParams.get(
      'token',
    );
    t.clock.set('2026-11-21T15:00:01Z');
    expect(
      (await guestFree(guestBody('verify', { emailVerificationToken: token, date: '2026-11-21T15:00:01Z' })))
        .statusCode,
    ).toBe(410);
    const bad = await t.request('alpha', {
      method: 'POST',
      url: '/api/v1/portal/permit/guest/emailverify',
      payload: { subdomain: 'alpha', permitUUID: ids.verify, email: 'nope' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(passMessages.emailInvalid);
  });

  it('sends VERIFICATION_EMAIL_RATE_LIMIT_PER_CLIENT emails per client address a minute, then answers 429', async () => {
    const limit = t.config.VERIFICATION_EMAIL_RATE_LIMIT_PER_CLIENT;
    // An unknown pass is a 404 that sends nothing; each request still counts.
    const send = (remoteAddress: string) =>
      t.request('alpha', {
        method: 'POST',
        url: '/api/v1/portal/permit/guest/emailverify',
        remoteAddress,
        payload: { subdomain: 'alpha', permitUUID: randomUUID(), email: 'limited@example.com' },
      });
    await expectPerClientLimit(send, { limit, status: 404, clients: ['198.51.100.50', '198.51.100.51'] });
  });
});

describe('time selection at day and DST boundaries (America/New_York)', () => {
  it('a day pass bought the day before DST starts ends at the same wall time (23 hours)', async () => {
    t.clock.set('2026-03-07T14:00:00Z'); // 09:00 EST
    const ok = await guestFree(
      guestBody('free', { date: '2026-03-07T14:00:00Z', email: 'dst1@example.com' }),
    );
    expect((await passOf(ok.json().permitIssuedUUID)).expiresAt.toISOString()).toBe(
      '2026-03-08T13:00:00.000Z',
    );
  });

  it('a day pass bought the day before DST ends lasts 25 hours', async () => {
    t.clock.set('2026-10-31T13:00:00Z'); // 09:00 EDT
    const ok = await guestFree(
      guestBody('free', { date: '2026-10-31T13:00:00Z', email: 'dst2@example.com' }),
    );
    expect((await passOf(ok.json().permitIssuedUUID)).expiresAt.toISOString()).toBe(
      '2026-11-01T14:00:00.000Z',
    );
  });

  it('a preset product (type 2) runs on its own dates, whatever the form sends', async () => {
    const ok = await guestFree(
      guestBody('preset', { date: null, endDate: '2027-05-01T00:00:00Z', email: 'nye@example.com' }),
    );
    const pass = await passOf(ok.json().permitIssuedUUID);
    expect([pass.issuedOn.toISOString(), pass.expiresAt.toISOString()]).toEqual([
      '2026-12-31T23:00:00.000Z',
      '2027-01-01T05:00:00.000Z',
    ]);
  });

  it('a start in the past is refused; a start a moment ago counts as now', async () => {
    const past = await guestFree(guestBody('free', { date: '2026-11-19T15:00:00Z' }));
    expect(past.json().message).toBe('The start must not be in the past.');
    const ok = await guestFree(guestBody('free', { date: '2026-11-20T14:55:00Z', email: 'now@example.com' }));
    expect((await passOf(ok.json().permitIssuedUUID)).issuedOn.toISOString()).toBe(TEST_NOW);
  });
});

describe('the issued pass, vehicles and access', () => {
  it('answers every field of the Issued permit without a token; another tenant gets a 404', async () => {
    const vehicleUUID = await savedVehicle(residentToken, 'pick 1');
    const ok = await issue(residentToken, {
      permitProductUUID: ids.free,
      vehicleUUID,
      holderName: 'Rita',
      holderEmail: 'rita@example.com',
    });
    const id = ok.json().permitIssuedUUID;
    const permit = (await get(`/api/v1/portal/customer/permit/${id}`)).json();
    expect(permit).toMatchObject({
      uuid: id,
      permitName: 'Resident free',
      status: 'Valid',
      paidStatus: 'paid',
      amount: 0,
      customerEmail: 'resident@example.com',
      customerName: 'Rita Resident',
      vehicle: { plate: 'PICK 1', isPrimary: true, isActive: true, vehicleUUID, permitIssuedUUID: id },
      permitHolder: { name: 'Rita', email: 'rita@example.com' },
      secondaryVehicles: [],
      footerCopy: '<p>Read <a>this</a></p>',
    });
    expect((await get(`/api/v1/portal/customer/permit/${id}`, undefined, 'beta')).statusCode).toBe(404);
    expect((await get(`/api/v1/portal/customer/permit/${randomUUID()}`)).statusCode).toBe(404);
  });

  it('lists and saves the customer’s vehicles (the same plate is a 409); 401 without a token', async () => {
    const first = await savedVehicle(otherToken, 'dup 1');
    const second = await t.request('alpha', {
      method: 'POST',
      url: '/api/v1/portal/permit/vehicle',
      headers: { authorization: otherToken },
      payload: { ...vehicle, plate: 'DUP1', make: 'honda' },
    });
    expect(second.statusCode).toBe(409);
    const list = (await get('/api/v1/portal/permit/vehicles', otherToken)).json() as Array<{
      uuid: string;
      plate: string;
      make: string;
    }>;
    expect(list.find((entry) => entry.uuid === first)).toMatchObject({ plate: 'DUP 1', make: 'TOYOTA' });
    expect((await get('/api/v1/portal/permit/vehicles')).statusCode).toBe(401);
    const empty = await t.request('alpha', {
      method: 'POST',
      url: '/api/v1/portal/permit/vehicle',
      headers: { authorization: otherToken },
      payload: { plate: ' ' },
    });
    expect(empty.statusCode).toBe(400);
  });

  it('refuses someone else’s saved vehicle as a 404, and an application without a token as a 401', async () => {
    const others = await savedVehicle(otherToken, 'MINE 9');
    const response = await issue(residentToken, {
      permitProductUUID: ids.free,
      vehicleUUID: others,
      holderName: 'R',
    });
    expect(response.statusCode).toBe(404);
    expect((await issue(null, { permitProductUUID: ids.free })).statusCode).toBe(401);
    const beta = await t.request('beta', {
      method: 'POST',
      url: '/api/v1/permits/checkout/guest/free',
      payload: guestBody('free', { subdomain: 'beta' }),
    });
    expect(beta.statusCode).toBe(404);
  });

  it('checkallowed runs every check and writes nothing', async () => {
    const before = await passCount();
    const allowed = await t.request('alpha', {
      method: 'POST',
      url: '/api/v1/permits/checkout/guest/paid/checkallowed',
      payload: guestBody('codes', { permitCode: 'ALPHA-1' }),
    });
    expect(allowed.json()).toEqual({ isAllowed: true });
    const refused = await t.request('alpha', {
      method: 'POST',
      url: '/api/v1/permits/checkout/guest/paid/checkallowed',
      payload: guestBody('codes', { permitCode: 'USED-NOT' }),
    });
    expect(refused.statusCode).toBe(409);
    expect(await passCount()).toBe(before);
    const [code] = await t.db
      .select()
      .from(passAccessCodes)
      .where(and(eq(passAccessCodes.code, 'ALPHA-1')));
    expect(code?.usedAt).toBeNull();
    expect(await t.db.select().from(passVehicles).where(eq(passVehicles.plate, 'NEVER'))).toEqual([]);
  });
});

describe('a failure of ours', () => {
  it('answers the spec’s 500 text and writes nothing', async () => {
    const before = await passCount();
    const original = t.db.transaction;
    t.db.transaction = (() => Promise.reject(new Error('database went away'))) as typeof original;
    try {
      const response = await guestFree(guestBody('free', { email: 'unlucky@example.com' }));
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ code: 'internal_error', message: passMessages.issueFailed });
    } finally {
      t.db.transaction = original;
    }
    expect(await passCount()).toBe(before);
  });
});

describe('guessing pass uuids', () => {
  it('answers PASS_LOOKUP_RATE_LIMIT_PER_CLIENT lookups per client address a minute over all three calls that take a pass uuid, then a 429', async () => {
    const limit = t.config.PASS_LOOKUP_RATE_LIMIT_PER_CLIENT;
    // The issued pass, its guest checkout URL and its proof link: one allowance for guessing uuids.
    const urls = [
      () => `/api/v1/portal/customer/permit/${randomUUID()}`,
      () => `/api/v1/portal/permit/guestcheckout/${randomUUID()}/subdomain/alpha`,
      () => `/api/v1/portal/permit/issued/${randomUUID()}/proof`,
    ];
    const lookup = (n: number, remoteAddress: string) =>
      t.request('alpha', { method: 'GET', url: urls[n % urls.length]!(), remoteAddress });
    const statuses: number[] = [];
    for (let n = 0; n < limit; n += 1) statuses.push((await lookup(n, '198.51.100.40')).statusCode);
    expect(statuses).toEqual(Array(limit).fill(404));
    for (let n = 0; n < urls.length; n += 1) {
      const refused = await lookup(n, '198.51.100.40');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ code: 'too_many_requests', message: RATE_LIMITED_MESSAGE });
    }
    // Another client is not affected.
    expect((await lookup(0, '198.51.100.41')).statusCode).toBe(404);
  });
});

describe('the proof page and pass edit limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({
      env: { PASS_PROOF_RATE_LIMIT_PER_CLIENT: '3', PASS_EDIT_RATE_LIMIT_PER_CLIENT: '4' },
    });
    await limited.seed({ tenants: [buildTenant({ subdomain: 'gamma' })] });
  });
  afterAll(() => limited.close());

  it.each([
    ['PASS_PROOF_RATE_LIMIT_PER_CLIENT', 3, () => `/api/v1/portal/permit/proof/${randomUUID()}`],
    ['PASS_EDIT_RATE_LIMIT_PER_CLIENT', 4, () => `/api/v1/portal/permit/issued-fields/${randomUUID()}`],
  ])('answers %s (%i here) calls per client address a minute, then a 429', async (_setting, limit, url) => {
    const call = (remoteAddress: string) =>
      limited.request('gamma', { method: 'GET', url: url(), remoteAddress });
    await expectPerClientLimit(call, { limit, status: 404, clients: ['198.51.100.50', '198.51.100.51'] });
  });
});
