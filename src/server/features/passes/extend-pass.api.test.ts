import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildPass, buildProduct, buildTenant } from '../../../../tests/support/factories';
import { submitSandboxCheckout } from '../../../../tests/support/sandbox-checkout';
import { useTestApp } from '../../../../tests/support/test-app';
import { emailOutbox, issuedPasses, passExtensions, paymentSessions } from '../../db/schema';
import { sendExpiryReminders } from './expiry-reminders';

/**
 * Extending a short pass (issue 31, decision 236): the window after the pass's end, bought on the
 * same pass through the checkout, within the product's rules, its end moved exactly once. The test
 * clock is TEST_NOW, 2026-11-20 15:00Z.
 */
const ids = Object.fromEntries(
  ['PAID', 'RACE', 'FREE', 'NOPE', 'LONG', 'ENDED', 'QUOTA', 'OTHER', 'REMIND'].map((key) => [
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
        ],
      }),
      buildTenant({
        subdomain: 'otherlot',
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
