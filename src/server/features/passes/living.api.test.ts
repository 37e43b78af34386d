import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  buildBusinessAccount,
  buildCustomer,
  buildOperator,
  buildPass,
  buildProduct,
  buildTenant,
  buildVehicle,
} from '../../../../tests/support/factories';
import { signIn, signInOperator } from '../../../../tests/support/sessions';
import { createTestApp, TEST_NOW, type TestApp } from '../../../../tests/support/test-app';
import {
  auditLog,
  emailOutbox,
  issuedPasses,
  passExpiryReminders,
  passVehicles,
  paymentSessions,
  tenants,
} from '../../db/schema';
import { sendExpiryReminders } from './expiry-reminders';

/**
 * Living with a pass, dashboard half (issue 10): the lists, payment history, graph data, the
 * approval decision, the proof of coverage and the expiry reminders. TEST_NOW is Friday
 * 2026-11-20 10:00 in New York.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const pass = {
  residentValid: randomUUID(),
  residentVisitor: randomUUID(),
  otherValid: randomUUID(),
  acmeWaitingFree: randomUUID(),
  acmeWaitingPaid: randomUUID(),
  acmeWaitingRace: randomUUID(),
  acmeWaitingNoEmail: randomUUID(),
  acmeWaitingOther: randomUUID(),
  globexWaiting: randomUUID(),
  betaWaiting: randomUUID(),
  longPass: randomUUID(),
  dayPass: randomUUID(),
};

beforeAll(async () => {
  t = await createTestApp();
  await t.seed({
    tenants: [
      {
        ...buildTenant({ subdomain: 'alpha' }),
        businessAccounts: [buildBusinessAccount({ name: 'Acme' }), buildBusinessAccount({ name: 'Globex' })],
        customers: [
          buildCustomer({ email: 'resident@example.com', fullname: 'Rita Resident' }),
          buildCustomer({ email: 'other@example.com', fullname: 'Otto Other' }),
          buildCustomer({ email: 'boss@example.com', fullname: 'Bea Boss', customerEntityName: 'Acme' }),
          buildCustomer({ email: 'rival@example.com', fullname: 'Ray Rival', customerEntityName: 'Globex' }),
        ],
        operators: [
          buildOperator({ email: 'admin@alpha.example' }),
          buildOperator({ email: 'officer@alpha.example', role: 'enforcement' }),
        ],
        products: [
          buildProduct({ name: 'Resident' }),
          buildProduct({ name: 'Visitor', isVisitorOnly: true }),
          buildProduct({ name: 'Approval free', isAutoApproved: false }),
          buildProduct({ name: 'Approval paid', isAutoApproved: false, amount: 2500 }),
          buildProduct({ name: 'Season', permitDuration: 60 }),
        ],
        passes: [
          buildPass('Resident', {
            uuid: pass.residentValid,
            customerEmail: 'resident@example.com',
            vehicle: buildVehicle({ plate: 'RES123' }),
            permitHolder: { name: 'Rita Resident', email: 'rita@example.com' },
          }),
          buildPass('Visitor', { uuid: pass.residentVisitor, customerEmail: 'resident@example.com' }),
          buildPass('Resident', { uuid: pass.otherValid, customerEmail: 'other@example.com' }),
          buildPass('Approval free', {
            uuid: pass.acmeWaitingFree,
            paidStatus: 'waiting',
            customerEmail: 'resident@example.com',
            businessAccount: 'Acme',
          }),
          buildPass('Approval paid', {
            uuid: pass.acmeWaitingPaid,
            paidStatus: 'waiting',
            amount: 2500,
            businessAccount: 'Acme',
            permitHolder: { name: 'Gina Guest', email: 'gina@example.com' },
          }),
          buildPass('Approval free', {
            uuid: pass.acmeWaitingRace,
            paidStatus: 'waiting',
            businessAccount: 'Acme',
          }),
          buildPass('Approval free', {
            uuid: pass.acmeWaitingNoEmail,
            paidStatus: 'waiting',
            businessAccount: 'Acme',
            permitHolder: { name: 'Nora No-Email' },
          }),
          buildPass('Approval free', {
            uuid: pass.acmeWaitingOther,
            paidStatus: 'waiting',
            customerEmail: 'other@example.com',
            businessAccount: 'Acme',
          }),
          buildPass('Approval free', {
            uuid: pass.globexWaiting,
            paidStatus: 'waiting',
            businessAccount: 'Globex',
          }),
          buildPass('Season', {
            uuid: pass.longPass,
            issuedOn: '2026-11-01T05:00:00Z',
            expiresAt: '2026-12-20T05:00:00Z',
            permitHolder: { name: 'Lena Long', email: 'lena@example.com' },
          }),
          buildPass('Resident', {
            uuid: pass.dayPass,
            issuedOn: '2026-11-20T12:00:00Z',
            expiresAt: '2026-11-21T12:00:00Z',
            permitHolder: { name: 'Dan Day', email: 'dan@example.com' },
          }),
        ],
      },
      {
        ...buildTenant({ subdomain: 'beta' }),
        operators: [buildOperator({ email: 'admin@beta.example' })],
        customers: [buildCustomer({ email: 'resident@example.com' })],
        products: [buildProduct({ name: 'Beta approval', isAutoApproved: false })],
        passes: [buildPass('Beta approval', { uuid: pass.betaWaiting, paidStatus: 'waiting' })],
      },
    ],
  });
  tokens.resident = await signIn(t, 'alpha', 'resident@example.com');
  tokens.other = await signIn(t, 'alpha', 'other@example.com');
  tokens.boss = await signIn(t, 'alpha', 'boss@example.com');
  tokens.rival = await signIn(t, 'alpha', 'rival@example.com');
  tokens.betaResident = await signIn(t, 'beta', 'resident@example.com');
  tokens.admin = await operatorToken('alpha', 'admin@alpha.example');
  tokens.officer = await operatorToken('alpha', 'officer@alpha.example');
  tokens.betaAdmin = await operatorToken('beta', 'admin@beta.example');
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(TEST_NOW));

const operatorToken = (subdomain: string, email: string) => signInOperator(t, subdomain, email);

const get = (url: string, authorization?: string, host = 'alpha') =>
  t.request(host, { method: 'GET', url: `/api/v1${url}`, headers: authorization ? { authorization } : {} });

const decide = (
  permitIssuedUUID: string,
  authorization: string | undefined,
  overrides: Record<string, unknown> = {},
  host = 'alpha',
) =>
  t.request(host, {
    method: 'PUT',
    url: '/api/v1/dashboard/permit/issued/status',
    headers: authorization ? { authorization } : {},
    payload: {
      permitIssuedUUID,
      status: 'paid',
      message: null,
      isApproval: true,
      isFromPortal: true,
      ...overrides,
    },
  });

const statusOf = async (id: string) =>
  (await t.db.select().from(issuedPasses).where(eq(issuedPasses.id, id)))[0]?.paidStatus;

const emailsTo = (address: string) =>
  t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address));

describe('pass lists', () => {
  it("a customer's own passes, newest first, with what the display rules need", async () => {
    const response = await get('/portal/customer/permits', tokens.resident);
    expect(response.statusCode).toBe(200);
    const uuids = response.json().map((permit: { uuid: string }) => permit.uuid);
    expect(new Set(uuids)).toEqual(new Set([pass.residentValid, pass.residentVisitor, pass.acmeWaitingFree]));
    const valid = response.json().find((permit: { uuid: string }) => permit.uuid === pass.residentValid);
    expect(valid).toMatchObject({
      paidStatus: 'paid',
      status: 'Valid',
      vehicle: { plate: 'RES123' },
      permitHolder: { name: 'Rita Resident' },
    });
  });

  it('the business list holds what the business issued; a standard account is refused', async () => {
    const business = await get('/portal/customer/business/permits', tokens.boss);
    expect(business.statusCode).toBe(200);
    const uuids = business.json().map((permit: { uuid: string }) => permit.uuid);
    expect(uuids).toContain(pass.acmeWaitingPaid);
    expect(uuids).not.toContain(pass.globexWaiting);
    expect((await get('/portal/customer/business/permits', tokens.resident)).statusCode).toBe(403);
  });

  it('visitor passes only; no token is a 401, another tenant’s token a 401 too', async () => {
    const visitors = await get('/portal/customer/visitors', tokens.resident);
    expect(visitors.json().map((permit: { uuid: string }) => permit.uuid)).toEqual([pass.residentVisitor]);
    expect((await get('/portal/customer/permits')).statusCode).toBe(401);
    expect((await get('/portal/customer/permits', tokens.betaResident)).statusCode).toBe(401);
  });
});

describe('payment history', () => {
  it("the customer's notice and pass payments, newest first, never someone else's", async () => {
    const [tenant] = await t.db.select().from(tenants).where(eq(tenants.subdomain, 'alpha'));
    const residentId = (await get('/portal/customer', tokens.resident)).json().uuid as string;
    const session = (overrides: Partial<typeof paymentSessions.$inferInsert>) => ({
      tenantId: tenant!.id,
      provider: 'sandbox' as const,
      purpose: 'citation',
      subjectId: randomUUID(),
      amount: 1000,
      currency: 'usd',
      description: 'Notice',
      status: 'paid' as const,
      successUrl: 'https://alpha.example/ok',
      cancelUrl: 'https://alpha.example/no',
      ...overrides,
    });
    await t.db.insert(paymentSessions).values([
      session({
        customerId: residentId,
        description: 'Notice 1001',
        paidAt: new Date('2026-11-10T10:00:00Z'),
        receiptUrl: 'https://receipts.example/1',
      }),
      // A guest payment of a pass the customer now holds: theirs by the pass.
      session({
        purpose: 'pass',
        subjectId: pass.residentValid,
        amount: 2500,
        description: 'Resident #1',
        paidAt: new Date('2026-11-15T10:00:00Z'),
      }),
      session({ customerId: residentId, status: 'open', description: 'Never paid' }),
      session({ purpose: 'pass', subjectId: pass.otherValid, description: 'Not mine', paidAt: new Date() }),
    ]);
    const response = await get('/portal/customer/paymenthistory', tokens.resident);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        amount: 2500,
        currency: 'usd',
        status: 'paid',
        description: 'Resident #1',
        createdAtUnix: Date.parse('2026-11-15T10:00:00Z') / 1000,
        receiptUrl: null,
      },
      {
        amount: 1000,
        currency: 'usd',
        status: 'paid',
        description: 'Notice 1001',
        createdAtUnix: Date.parse('2026-11-10T10:00:00Z') / 1000,
        receiptUrl: 'https://receipts.example/1',
      },
    ]);
    expect((await get('/portal/customer/paymenthistory', tokens.other)).json()).toHaveLength(1);
  });
});

describe('graph data', () => {
  it("a business account's last 30 days by day, product and status; other ids are 404, standard 403", async () => {
    const me = (await get('/portal/customer', tokens.boss)).json();
    const businesses = await t.db.query.businessAccounts.findMany();
    const acme = businesses.find((business) => business.name === 'Acme')!;
    const globex = businesses.find((business) => business.name === 'Globex')!;
    // Counted by issue time, the ISSUED AT of the list under the charts, not by when the row was
    // written: issued on two local days (04:30Z on the 20th is still the 19th in New York), and
    // one pass issued for a later day, which no chart counts yet.
    await t.db
      .update(issuedPasses)
      .set({ issuedOn: new Date('2026-11-20T04:30:00Z'), createdAt: new Date('2026-10-01T12:00:00Z') })
      .where(eq(issuedPasses.businessAccountId, acme.id));
    await t.db
      .update(issuedPasses)
      .set({ issuedOn: new Date('2026-11-20T14:00:00Z') })
      .where(eq(issuedPasses.id, pass.acmeWaitingPaid));
    await t.db
      .update(issuedPasses)
      .set({ issuedOn: new Date('2026-11-22T14:00:00Z'), expiresAt: new Date('2026-12-22T14:00:00Z') })
      .where(eq(issuedPasses.id, pass.acmeWaitingRace));
    const response = await get(`/dashboard/businesspermits/${acme.id}/graphdata`, tokens.boss);
    expect(response.statusCode).toBe(200);
    const data = response.json();
    expect(data.issuedPerDay).toHaveLength(30);
    expect(data.issuedPerDay.at(-1).date).toBe('2026-11-20');
    expect(data.issuedPerDay.slice(-2)).toEqual([
      { date: '2026-11-19', count: 3 },
      { date: '2026-11-20', count: 1 },
    ]);
    expect(data.byStatus.find((row: { status: string }) => row.status === 'waiting').count).toBeGreaterThan(
      0,
    );
    expect(data.byProduct.map((row: { name: string }) => row.name)).toEqual([
      'Approval free',
      'Approval paid',
    ]);
    expect((await get(`/dashboard/businesspermits/${globex.id}/graphdata`, tokens.boss)).statusCode).toBe(
      404,
    );
    expect((await get(`/dashboard/businesspermits/${acme.id}/graphdata`, tokens.resident)).statusCode).toBe(
      403,
    );
    expect((await get(`/dashboard/customerpermits/${me.uuid}/graphdata`, tokens.boss)).statusCode).toBe(200);
    expect((await get(`/dashboard/customerpermits/${me.uuid}/graphdata`, tokens.resident)).statusCode).toBe(
      404,
    );
  });
});

describe('approval: PUT /dashboard/permit/issued/status', () => {
  it('refuses a customer (even the registrant), another business, an officer; another tenant is 404', async () => {
    expect((await decide(pass.acmeWaitingOther, tokens.other)).statusCode).toBe(403);
    expect((await decide(pass.acmeWaitingOther, tokens.rival)).statusCode).toBe(403);
    expect((await decide(pass.acmeWaitingOther, tokens.officer)).statusCode).toBe(403);
    expect((await decide(pass.acmeWaitingOther, tokens.betaAdmin, {}, 'beta')).statusCode).toBe(404);
    expect((await decide(pass.betaWaiting, tokens.admin)).statusCode).toBe(404);
    expect((await decide(pass.acmeWaitingOther, undefined)).statusCode).toBe(401);
    expect((await decide(pass.acmeWaitingOther, tokens.admin, { status: 'expired' })).statusCode).toBe(400);
    expect(await statusOf(pass.acmeWaitingOther)).toBe('waiting');
  });

  it('an operator approves a free pass: paid, the registrant emailed, the audit log written', async () => {
    const response = await decide(pass.acmeWaitingFree, tokens.admin, { message: 'Welcome aboard' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ paidStatus: 'paid', status: 'Valid', isRegistrantEmailed: true });
    const [email] = await emailsTo('resident@example.com');
    expect(email?.subject).toBe('Your parking permit request was approved');
    expect(JSON.stringify(email?.content)).toContain('Welcome aboard');
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, pass.acmeWaitingFree));
    expect(audit).toMatchObject([{ action: 'pass.approve', actorLabel: 'admin@alpha.example' }]);
    // Deciding again is a conflict, not a second decision.
    expect((await decide(pass.acmeWaitingFree, tokens.admin, { status: 'rejected' })).statusCode).toBe(409);
    expect(await statusOf(pass.acmeWaitingFree)).toBe('paid');
  });

  it('approving a pass with a charge leaves it incomplete, holding its place, with a payment link', async () => {
    const response = await decide(pass.acmeWaitingPaid, tokens.boss);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ paidStatus: 'incomplete', status: 'Needs payment' });
    const [row] = await t.db.select().from(issuedPasses).where(eq(issuedPasses.id, pass.acmeWaitingPaid));
    expect(row?.reservedUntil?.toISOString()).toBe('2026-11-23T15:00:00.000Z');
    // The registrant pays through the payment port: the same pass, the 'pass' fulfilment.
    const checkout = await get(`/portal/permit/guestcheckout/${pass.acmeWaitingPaid}/subdomain/alpha`);
    expect(checkout.statusCode).toBe(200);
    expect(checkout.json().checkoutURL).toEqual(expect.any(String));
    // A business approval is not an operator's change: no audit entry.
    expect(await t.db.select().from(auditLog).where(eq(auditLog.entityId, pass.acmeWaitingPaid))).toEqual([]);
  });

  it('the owning business rejects with a message; the registrant is told', async () => {
    const before = await emailsTo('other@example.com');
    const response = await decide(pass.acmeWaitingOther, tokens.boss, {
      status: 'rejected',
      message: 'No spaces left this month.',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().paidStatus).toBe('rejected');
    const after = await emailsTo('other@example.com');
    expect(after).toHaveLength(before.length + 1);
    expect(JSON.stringify(after.at(-1)?.content)).toContain('No spaces left this month.');
  });

  it('a registrant who gave no email address is not emailed, and the answer says so', async () => {
    const before = (await t.db.select().from(emailOutbox)).length;
    const response = await decide(pass.acmeWaitingNoEmail, tokens.admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ paidStatus: 'paid', isRegistrantEmailed: false });
    expect(await t.db.select().from(emailOutbox)).toHaveLength(before);
  });

  it('two decisions at once: one wins, the other is a conflict, one email', async () => {
    const [first, second] = await Promise.all([
      decide(pass.acmeWaitingRace, tokens.admin),
      decide(pass.acmeWaitingRace, tokens.boss, { status: 'rejected' }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, pass.acmeWaitingRace));
    expect(audit.length).toBeLessThanOrEqual(1);
  });
});

describe('proof of coverage', () => {
  it('the receipt gets a QR code of a proof page that carries neither the pass uuid nor anything personal', async () => {
    const link = await get(`/portal/permit/issued/${pass.residentValid}/proof`);
    expect(link.statusCode).toBe(200);
    const { proofUUID, proofUrl, qrCodeDataUrl } = link.json();
    expect(proofUrl).toContain(`/permit/proof/${proofUUID}`);
    expect(proofUrl).not.toContain(pass.residentValid);
    expect(qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
    // Asked again, the same proof (a printed code keeps working).
    expect((await get(`/portal/permit/issued/${pass.residentValid}/proof`)).json().proofUUID).toBe(proofUUID);

    const proof = await get(`/portal/permit/proof/${proofUUID}`);
    expect(proof.statusCode).toBe(200);
    expect(proof.json()).toMatchObject({
      productName: 'Resident',
      plates: [{ plate: 'RES123', state: 'NY' }],
      validFrom: '2026-11-20T09:00:00.000Z',
      validTo: '2026-11-21T09:00:00.000Z',
      isValidNow: true,
      statusText: 'Valid',
    });
    const body = proof.body;
    for (const personal of ['Rita', 'rita@example.com', 'resident@example.com', pass.residentValid]) {
      expect(body).not.toContain(personal);
    }
    expect((await get(`/portal/permit/proof/${proofUUID}`, undefined, 'beta')).statusCode).toBe(404);
    expect((await get(`/portal/permit/proof/${randomUUID()}`)).statusCode).toBe(404);
    expect((await get(`/portal/permit/issued/${pass.betaWaiting}/proof`)).statusCode).toBe(404);
  });

  it('never says covered while no vehicle of the pass is active', async () => {
    const { proofUUID } = (await get(`/portal/permit/issued/${pass.residentValid}/proof`)).json();
    const deactivated = await t.db
      .update(passVehicles)
      .set({ isActive: false })
      .where(eq(passVehicles.passId, pass.residentValid))
      .returning({ id: passVehicles.id });
    try {
      const proof = (await get(`/portal/permit/proof/${proofUUID}`)).json();
      expect(proof).toMatchObject({ plates: [], isValidNow: false, statusText: 'No active vehicle' });
    } finally {
      const ids = deactivated.map((row) => row.id);
      await t.db.update(passVehicles).set({ isActive: true }).where(inArray(passVehicles.id, ids));
    }
    expect((await get(`/portal/permit/proof/${proofUUID}`)).json()).toMatchObject({ isValidNow: true });
  });
});

describe('expiry reminders', () => {
  const sweep = () => sendExpiryReminders({ db: t.db, clock: t.clock, config: t.app.deps.config });
  const remindersOf = (id: string) =>
    t.db.select().from(passExpiryReminders).where(eq(passExpiryReminders.passId, id));

  it('30, 7 and 1 days before expiry, each once, even with two sweeps racing', async () => {
    // 2026-11-20 15:00Z: the season pass ends 2026-12-20 05:00Z, 29.6 days away.
    const [first, second] = await Promise.all([sweep(), sweep()]);
    expect(first + second).toBeGreaterThanOrEqual(1);
    expect((await remindersOf(pass.longPass)).map((row) => row.daysBefore)).toEqual([30]);
    expect(await emailsTo('lena@example.com')).toHaveLength(1);
    await sweep();
    expect(await emailsTo('lena@example.com')).toHaveLength(1);

    t.clock.set('2026-12-14T05:00:00Z');
    await Promise.all([sweep(), sweep(), sweep()]);
    t.clock.set('2026-12-19T06:00:00Z');
    await Promise.all([sweep(), sweep()]);
    await sweep();
    const reminders = await remindersOf(pass.longPass);
    expect(reminders.map((row) => row.daysBefore).sort((a, b) => a - b)).toEqual([1, 7, 30]);
    const emails = await emailsTo('lena@example.com');
    expect(emails.map((email) => email.subject)).toEqual([
      'Your parking permit expires in 30 days',
      'Your parking permit expires in 7 days',
      'Your parking permit expires tomorrow',
    ]);
    expect(JSON.stringify(emails[0]?.content)).toContain(`/permit/issued/${pass.longPass}/receipt`);
  });

  it('a pass shorter than a window is not reminded the moment it is bought, nor an unpaid one', async () => {
    t.clock.set('2026-11-20T13:00:00Z');
    await sweep();
    expect(await remindersOf(pass.dayPass)).toEqual([]);
    expect(await emailsTo('dan@example.com')).toEqual([]);
    const waiting = await t.db
      .select()
      .from(passExpiryReminders)
      .where(inArray(passExpiryReminders.passId, [pass.globexWaiting, pass.betaWaiting]));
    expect(waiting).toEqual([]);
  });
});
