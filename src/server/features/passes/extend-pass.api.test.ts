import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  buildCustomer,
  buildOperator,
  buildPass,
  buildProduct,
  buildTenant,
} from '../../../../tests/support/factories';
import { submitSandboxCheckout } from '../../../../tests/support/sandbox-checkout';
import { signIn, signInOperator } from '../../../../tests/support/sessions';
import { useTestApp } from '../../../../tests/support/test-app';
import {
  auditLog,
  customers,
  emailOutbox,
  issuedPasses,
  passExtensions,
  paymentSessions,
} from '../../db/schema';
import { sendExpiryReminders } from './expiry-reminders';

/**
 * Extending a short pass (issue 31, decision 236): the window after the pass's end, bought on the
 * same pass through the checkout, within the product's rules, its end moved exactly once. The test
 * clock is TEST_NOW, 2026-11-20 15:00Z.
 */
const ids = Object.fromEntries(
  ['PAID', 'RACE', 'FREE', 'NOPE', 'LONG', 'ENDED', 'QUOTA', 'OTHER', 'REMIND', 'MONEY'].map((key) => [
    key,
    randomUUID(),
  ]),
) as Record<string, string>;

const twoHours = (uuid: string, product: string, expiresAt = '2026-11-20T15:10:00Z', extra = {}) =>
  buildPass(product, {
    uuid,
    issuedOn: new Date(Date.parse(expiresAt) - 2 * 3_600_000).toISOString(),
    expiresAt,
    permitHolder: { name: 'Sam Short', email: `${uuid.slice(0, 8)}@extend.example` },
    ...extra,
  });

const t = useTestApp({
  seed: {
    tenants: [
      buildTenant({
        subdomain: 'extendlot',
        customers: [buildCustomer({ email: 'rita@extend.example', fullname: 'Rita Resident' })],
        operators: [buildOperator({ email: 'admin@extendlot.example' })],
        products: [
          buildProduct({
            name: 'Two hours',
            amount: 500,
            permitDuration: 2,
            permitDurationUnit: 'HOUR',
            allowsExtension: true,
          }),
          buildProduct({
            name: 'Free hours',
            permitDuration: 2,
            permitDurationUnit: 'HOUR',
            allowsExtension: true,
          }),
          buildProduct({ name: 'Fixed', amount: 500, permitDuration: 2, permitDurationUnit: 'HOUR' }),
          buildProduct({
            name: 'Capped',
            amount: 500,
            permitDuration: 2,
            permitDurationUnit: 'HOUR',
            allowsExtension: true,
            guestQuota: { maxHours: 3, perDays: 7 },
          }),
        ],
        passes: [
          twoHours(ids.PAID!, 'Two hours'),
          twoHours(ids.RACE!, 'Two hours'),
          twoHours(ids.FREE!, 'Free hours'),
          twoHours(ids.NOPE!, 'Fixed'),
          buildPass('Two hours', {
            uuid: ids.LONG,
            issuedOn: '2026-11-18T15:00:00Z',
            expiresAt: '2026-11-20T16:00:00Z',
          }),
          twoHours(ids.ENDED!, 'Two hours', '2026-11-20T14:00:00Z'),
          twoHours(ids.QUOTA!, 'Capped'),
          twoHours(ids.REMIND!, 'Two hours'),
          twoHours(ids.MONEY!, 'Two hours'),
        ],
      }),
      buildTenant({
        subdomain: 'otherlot',
        operators: [buildOperator({ email: 'admin@otherlot.example' })],
        products: [buildProduct({ name: 'Two hours', permitDuration: 2, permitDurationUnit: 'HOUR' })],
        passes: [twoHours(ids.OTHER!, 'Two hours')],
      }),
    ],
  },
});

const extend = (key: string, host = 'extendlot', headers: Record<string, string> = {}) =>
  t.request(host, { method: 'POST', url: `/api/v1/permits/issued/${ids[key]}/extend`, headers });

const passOf = async (key: string) =>
  (await t.db.select().from(issuedPasses).where(eq(issuedPasses.id, ids[key]!)))[0]!;

/** Pays a sandbox checkout page as the browser's form does. */
async function pay(checkoutURL: string) {
  const paid = await submitSandboxCheckout(t, 'extendlot', checkoutURL);
  expect(paid.statusCode).toBe(303);
}

describe('extending a short pass', () => {
  it('buys the window after its end, paid through the checkout, on the same pass', async () => {
    const response = await extend('PAID');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ expiresAt: '2026-11-20T17:10:00.000Z' });
    const [session] = await t.db
      .select()
      .from(paymentSessions)
      .where(eq(paymentSessions.purpose, 'pass_extension'));
    expect(session).toMatchObject({ amount: 500 });
    // Nothing moves before the payment.
    expect((await passOf('PAID')).expiresAt.toISOString()).toBe('2026-11-20T15:10:00.000Z');
    await pay(response.json().checkoutURL);
    expect((await passOf('PAID')).expiresAt.toISOString()).toBe('2026-11-20T17:10:00.000Z');
    const rows = await t.db.select().from(passExtensions).where(eq(passExtensions.passId, ids.PAID!));
    expect(rows.map((row) => [row.status, row.startsAt.toISOString(), row.endsAt.toISOString()])).toEqual([
      ['paid', '2026-11-20T15:10:00.000Z', '2026-11-20T17:10:00.000Z'],
    ]);
  });

  it('moves the end once when two extensions of one window are both paid: the second is refunded', async () => {
    const [first, second] = await Promise.all([extend('RACE'), extend('RACE')]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    await pay(first.json().checkoutURL);
    await pay(second.json().checkoutURL);
    expect((await passOf('RACE')).expiresAt.toISOString()).toBe('2026-11-20T17:10:00.000Z');
    const statuses = (await t.db.select().from(passExtensions).where(eq(passExtensions.passId, ids.RACE!)))
      .map((row) => row.status)
      .sort();
    expect(statuses).toEqual(['paid', 'refused']);
  });

  it('answers one extension for one Idempotency-Key', async () => {
    const headers = { 'idempotency-key': randomUUID() };
    const [a, b] = [await extend('PAID', 'extendlot', headers), await extend('PAID', 'extendlot', headers)];
    expect(a.statusCode).toBe(200);
    expect(b.json()).toEqual(a.json());
    expect(b.headers['idempotent-replayed']).toBe('true');
  });

  it('extends a free product at once', async () => {
    const response = await extend('FREE');
    expect(response.json()).toEqual({ checkoutURL: null, expiresAt: '2026-11-20T17:10:00.000Z' });
    expect((await passOf('FREE')).expiresAt.toISOString()).toBe('2026-11-20T17:10:00.000Z');
  });

  it.each([
    ['a product without extension', 'NOPE', 'cannot be extended'],
    ['a pass longer than a day', 'LONG', 'a day or less'],
    ['a pass that has ended', 'ENDED', 'has ended'],
  ])('refuses %s with a clear 409 and writes nothing', async (_name, key, message) => {
    const response = await extend(key);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toContain(message);
    expect(await t.db.select().from(passExtensions).where(eq(passExtensions.passId, ids[key]!))).toEqual([]);
  });

  it('refuses past an hours quota, counting the pass at its extended length', async () => {
    const response = await extend('QUOTA');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('quota_reached');
  });

  it("refuses another tenant's pass as unknown (404), and serves it on its own tenant", async () => {
    expect((await extend('OTHER')).statusCode).toBe(404);
    expect((await extend('PAID', 'otherlot')).statusCode).toBe(404);
    expect((await extend('OTHER', 'otherlot')).statusCode).toBe(409);
  });

  it('links the short-pass reminder to the extension when the product allows it, else to the receipt', async () => {
    await sendExpiryReminders({ db: t.db, clock: t.clock, config: t.app.deps.config });
    const [reminder] = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, `${ids.REMIND!.slice(0, 8)}@extend.example`));
    const content = JSON.stringify(reminder?.content);
    expect(content).toContain('Extend your pass');
    expect(content).toContain(`/permit/issued/${ids.REMIND}/receipt?extend=1`);
    const [plain] = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, `${ids.NOPE!.slice(0, 8)}@extend.example`));
    expect(JSON.stringify(plain?.content)).toContain(`/permit/issued/${ids.NOPE}/receipt"`);
  });

  it('tells the pass page whether it can be extended, the window and price, and what was paid', async () => {
    const answer = await t.request('extendlot', {
      method: 'GET',
      url: `/api/v1/permits/issued/${ids.PAID}/extension`,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ isExtendable: true, isOffered: true, reason: null, amount: 500 });
    expect(answer.json().extensions.length).toBeGreaterThanOrEqual(1);
    const fixed = await t.request('extendlot', {
      method: 'GET',
      url: `/api/v1/permits/issued/${ids.NOPE}/extension`,
    });
    expect(fixed.json()).toMatchObject({ isExtendable: false, isOffered: false, reason: null });
  });
});

/**
 * Where the money is (decision 243): a paid extension is in the holder's Paid Transactions and on
 * the console's pass page beside the pass's payments, and the console's refund gives it back like
 * a pass's: all of an extension's payment undoes it, part of it leaves it standing.
 */
describe("an extension's money", () => {
  const consoleCall = async (url: string, payload?: Record<string, unknown>, host = 'extendlot') =>
    t.request(host, {
      method: payload ? 'POST' : 'GET',
      url: `/api/v1/dashboard/passes/${ids.MONEY}${url}`,
      headers: { authorization: await signInOperator(t, host, `admin@${host}.example`) },
      ...(payload ? { payload } : {}),
    });
  const refund = (amount: number | undefined, reason: string) =>
    consoleCall('/refund', amount === undefined ? { reason } : { amount, reason });

  it('is in the Paid Transactions of the account that holds the pass, with the pass and the window', async () => {
    // The pass's own payment, made as a guest, as the webhook leaves it.
    const pass = await passOf('MONEY');
    await t.db.insert(paymentSessions).values({
      tenantId: pass.tenantId,
      provider: 'sandbox',
      providerSessionId: 'cs_money_pass',
      purpose: 'pass',
      subjectId: pass.id,
      amount: 500,
      currency: 'usd',
      description: `Two hours #${pass.customerPermitId}`,
      status: 'paid',
      successUrl: 'https://extendlot.example/ok',
      cancelUrl: 'https://extendlot.example/no',
      paidAt: new Date('2026-11-20T13:10:00Z'),
      providerPaymentId: 'sbx_pi_money_pass',
    });
    const extended = await extend('MONEY');
    await pay(extended.json().checkoutURL);
    // The guest's pass becomes the account's afterwards: the extension follows it.
    const [rita] = await t.db.select().from(customers).where(eq(customers.email, 'rita@extend.example'));
    await t.db.update(issuedPasses).set({ customerId: rita!.id }).where(eq(issuedPasses.id, pass.id));

    const history = await t.request('extendlot', {
      method: 'GET',
      url: '/api/v1/portal/customer/paymenthistory',
      headers: { authorization: await signIn(t, 'extendlot', 'rita@extend.example') },
    });
    expect(history.statusCode).toBe(200);
    expect(history.json().map((row: { description: string }) => row.description)).toEqual([
      `Extension of Two hours #${pass.customerPermitId}, Nov 20, 2026 10:10 AM to Nov 20, 2026 12:10 PM`,
      `Two hours #${pass.customerPermitId}`,
    ]);
    expect(history.json()[0]).toMatchObject({ amount: 500, status: 'paid' });
  });

  it("is on the console's pass page: among its payments, and as an extension with its window", async () => {
    const answer = await consoleCall('');
    expect(answer.statusCode).toBe(200);
    expect(
      answer.json().payments.map((payment: { amount: number; status: string }) => payment.status),
    ).toEqual(['paid', 'paid']);
    expect(answer.json()).toMatchObject({ refundable: 1000, isRefundable: true });
    expect(answer.json().extensions).toEqual([
      {
        uuid: expect.any(String),
        startsAt: '2026-11-20T15:10:00.000Z',
        endsAt: '2026-11-20T17:10:00.000Z',
        amount: 500,
        status: 'paid',
        createdAt: '2026-11-20T15:00:00.000Z',
        paidAt: '2026-11-20T15:00:00.000Z',
        refundedAt: null,
      },
    ]);
    // Another tenant's console does not know the pass.
    expect((await consoleCall('', undefined, 'otherlot')).statusCode).toBe(404);
  });

  it('a refund of part of the extension leaves it; the rest of it undoes it, and the pass ends as before', async () => {
    const part = await refund(200, 'Left early');
    expect(part.statusCode).toBe(200);
    expect(part.json()).toMatchObject({ permit: { paidStatus: 'paid' }, refundable: 800 });
    expect(part.json().extensions[0].status).toBe('paid');
    expect((await passOf('MONEY')).expiresAt.toISOString()).toBe('2026-11-20T17:10:00.000Z');

    const rest = await refund(300, 'Did not need it');
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toMatchObject({
      permit: { paidStatus: 'paid', expiresAt: '2026-11-20T15:10:00.000Z' },
      refundable: 500,
      extensions: [{ status: 'refunded', refundedAt: '2026-11-20T15:00:00.000Z' }],
    });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, ids.MONEY!))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({
      before: { expiresAt: '2026-11-20T17:10:00.000Z' },
      after: { expiresAt: '2026-11-20T15:10:00.000Z', extensionsUndone: 1, refundAmount: 300 },
    });
    // The holder's page no longer lists it as paid, and the same window can be bought again.
    const page = await t.request('extendlot', {
      method: 'GET',
      url: `/api/v1/permits/issued/${ids.MONEY}/extension`,
    });
    expect(page.json()).toMatchObject({ isExtendable: true, extensions: [] });
    await pay((await extend('MONEY')).json().checkoutURL);
    expect((await passOf('MONEY')).expiresAt.toISOString()).toBe('2026-11-20T17:10:00.000Z');
  });

  it('a full refund gives back the pass and its extensions, undoes them and cancels the pass', async () => {
    const all = await refund(undefined, 'Lot closed');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({
      permit: { paidStatus: 'canceled', expiresAt: '2026-11-20T15:10:00.000Z' },
      refundable: 0,
      isRefundable: false,
    });
    expect(all.json().extensions.map((row: { status: string }) => row.status)).toEqual([
      'refunded',
      'refunded',
    ]);
    expect(all.json().payments.every((payment: { status: string }) => payment.status === 'refunded')).toBe(
      true,
    );
  });
});
