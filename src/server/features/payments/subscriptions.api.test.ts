import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant } from '../../../../tests/support/factories';
import { submitSandboxCheckout } from '../../../../tests/support/sandbox-checkout';
import { createTestApp, TEST_NOW, type TestApp } from '../../../../tests/support/test-app';
import type { SubscriptionInvoice } from '../../adapters/payments/port';
import { SANDBOX_RENEWAL_DECLINED_CARD } from '../../adapters/payments/sandbox-subscriptions';
import {
  paymentSessions,
  type SubscriptionRow,
  sandboxSubscriptions,
  subscriptionInvoices,
  subscriptions,
  type TenantRow,
} from '../../db/schema';
import { cancelSubscriptionAtPeriodEnd } from './cancel-subscription';
import { renewDueSandboxSubscriptions } from './renew-sandbox-subscriptions';
import { startSubscriptionCheckout } from './start-subscription-checkout';
import type { SubscriptionFulfilments } from './subscription-fulfilments';

/**
 * Subscriptions with the sandbox provider, on a clock the tests move: started by paying the
 * sandbox checkout page, renewed, failed and ended by the sandbox sweep, each period counted
 * once, and each event handed to the subscription purpose's fulfilment.
 */
let t: TestApp;
let tenant: TenantRow;
let other: TenantRow;

/** A fulfilment for the 'pass' purpose that only records what it was asked to do. */
const calls: Array<{ what: string; subscriptionId: string; at: string }> = [];
const recorder: SubscriptionFulfilments = {
  pass: {
    async periodPaid(_tx, subscription, invoice: SubscriptionInvoice) {
      calls.push({
        what: 'periodPaid',
        subscriptionId: subscription.id,
        at: invoice.periodEnd.toISOString(),
      });
    },
    async renewalFailed(_tx, subscription, failedAt) {
      calls.push({ what: 'renewalFailed', subscriptionId: subscription.id, at: failedAt.toISOString() });
    },
    async ended(_tx, subscription, endedAt) {
      calls.push({ what: 'ended', subscriptionId: subscription.id, at: endedAt.toISOString() });
    },
  },
};
const callsOf = (subscriptionId: string) =>
  calls.filter((call) => call.subscriptionId === subscriptionId).map(({ what, at }) => `${what} ${at}`);

beforeAll(async () => {
  t = await createTestApp();
  await t.seed({ tenants: [buildTenant({ subdomain: 'subs' }), buildTenant({ subdomain: 'others' })] });
  tenant = (await t.db.query.tenants.findFirst({ where: (row, { eq }) => eq(row.subdomain, 'subs') }))!;
  other = (await t.db.query.tenants.findFirst({ where: (row, { eq }) => eq(row.subdomain, 'others') }))!;
});
afterAll(() => t.close());

const sweep = () =>
  renewDueSandboxSubscriptions({ db: t.db, clock: t.clock, subscriptionFulfilments: recorder });

const subscriptionOf = async (id: string): Promise<SubscriptionRow> =>
  (await t.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
const invoicesOf = (id: string) =>
  t.db.select().from(subscriptionInvoices).where(eq(subscriptionInvoices.subscriptionId, id));

/** Opens a monthly subscription checkout and pays it on the sandbox page with `cardNumber`. */
async function subscribe(cardNumber = '4242 4242 4242 4242'): Promise<string> {
  const { checkoutURL, subscriptionId } = await startSubscriptionCheckout({
    db: t.db,
    gateway: t.app.deps.payments,
    tenant,
    purpose: 'pass',
    subjectId: randomUUID(),
    amount: 5000,
    description: 'Monthly pass',
    period: { interval: 'month', count: 1 },
    successUrl: 'http://subs.localhost:3000/permits?checkout=success',
    cancelUrl: 'http://subs.localhost:3000/permits?checkout=cancelled',
    now: t.clock.now(),
  });
  const path = new URL(checkoutURL).pathname;
  expect((await t.request('subs', { method: 'GET', url: path })).statusCode).toBe(200);
  const paid = await submitSandboxCheckout(t, 'subs', path, cardNumber);
  expect(paid.statusCode).toBe(303);
  return subscriptionId;
}

describe('a sandbox subscription', () => {
  it('starts when its checkout is paid: active, paid through one period, first invoice recorded', async () => {
    t.clock.set(TEST_NOW);
    const id = await subscribe();
    const subscription = await subscriptionOf(id);
    expect(subscription).toMatchObject({
      tenantId: tenant.id,
      provider: 'sandbox',
      purpose: 'pass',
      status: 'active',
      amount: 5000,
      interval: 'month',
      intervalCount: 1,
      cancelAtPeriodEnd: false,
    });
    expect(subscription.providerSubscriptionId).toMatch(/^sbx_sub_/);
    expect(subscription.startedAt?.toISOString()).toBe(TEST_NOW);
    expect(subscription.currentPeriodEnd?.toISOString()).toBe('2026-12-20T15:00:00.000Z');
    const [checkout] = await t.db
      .select()
      .from(paymentSessions)
      .where(eq(paymentSessions.id, subscription.checkoutSessionId));
    expect(checkout).toMatchObject({ purpose: 'subscription', subjectId: id, status: 'paid', amount: 5000 });
    expect(await invoicesOf(id)).toHaveLength(1);
    // Nothing is due before the period ends.
    await sweep();
    expect(await invoicesOf(id)).toHaveLength(1);
  });

  it('renews on the moved clock, once per period, whatever number of sweeps run at once', async () => {
    t.clock.set(TEST_NOW);
    const id = await subscribe();
    t.clock.set('2026-12-20T15:00:01.000Z');
    await Promise.all([sweep(), sweep(), sweep()]);
    expect((await subscriptionOf(id)).currentPeriodEnd?.toISOString()).toBe('2027-01-20T15:00:00.000Z');
    expect(await invoicesOf(id)).toHaveLength(2);
    expect(callsOf(id)).toEqual(['periodPaid 2027-01-20T15:00:00.000Z']);
    await sweep();
    expect(await invoicesOf(id)).toHaveLength(2);

    // Months later, each period that began meanwhile is charged once (in advance, like Stripe),
    // anchored on the start date.
    t.clock.set('2027-04-21T00:00:00.000Z');
    await sweep();
    expect((await subscriptionOf(id)).currentPeriodEnd?.toISOString()).toBe('2027-05-20T15:00:00.000Z');
    expect(await invoicesOf(id)).toHaveLength(6);
    expect(callsOf(id)).toHaveLength(5);
  });

  it('goes past due when a renewal is declined, and ends after the last retry', async () => {
    t.clock.set(TEST_NOW);
    const id = await subscribe(SANDBOX_RENEWAL_DECLINED_CARD);
    expect((await subscriptionOf(id)).status).toBe('active');

    t.clock.set('2026-12-20T16:00:00.000Z');
    await sweep();
    expect(await subscriptionOf(id)).toMatchObject({
      status: 'past_due',
      currentPeriodEnd: new Date('2026-12-20T15:00:00.000Z'),
    });
    expect((await subscriptionOf(id)).lastPaymentFailedAt?.toISOString()).toBe('2026-12-20T16:00:00.000Z');

    t.clock.set('2026-12-21T16:00:00.000Z');
    await sweep();
    expect((await subscriptionOf(id)).status).toBe('past_due');

    t.clock.set('2026-12-22T16:00:00.000Z');
    await sweep();
    const ended = await subscriptionOf(id);
    expect(ended.status).toBe('canceled');
    expect(ended.canceledAt?.toISOString()).toBe('2026-12-22T16:00:00.000Z');
    expect(await invoicesOf(id)).toHaveLength(1);
    expect(callsOf(id)).toEqual([
      'renewalFailed 2026-12-20T16:00:00.000Z',
      'renewalFailed 2026-12-21T16:00:00.000Z',
      'renewalFailed 2026-12-22T16:00:00.000Z',
      'ended 2026-12-22T16:00:00.000Z',
    ]);
    t.clock.set('2027-06-01T00:00:00.000Z');
    await sweep();
    expect(callsOf(id)).toHaveLength(4);
  });

  it('runs to its period end when canceled, then ends without charging again', async () => {
    t.clock.set(TEST_NOW);
    const id = await subscribe();
    t.clock.set('2026-12-01T00:00:00.000Z');
    const canceled = await cancelSubscriptionAtPeriodEnd({
      db: t.db,
      gateway: t.app.deps.payments,
      tenantId: tenant.id,
      subscriptionId: id,
      now: t.clock.now(),
    });
    expect(canceled).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    const [provider] = await t.db
      .select()
      .from(sandboxSubscriptions)
      .where(eq(sandboxSubscriptions.subscriptionId, id));
    expect(provider?.cancelAtPeriodEnd).toBe(true);
    // Asking again changes nothing.
    await cancelSubscriptionAtPeriodEnd({
      db: t.db,
      gateway: t.app.deps.payments,
      tenantId: tenant.id,
      subscriptionId: id,
      now: t.clock.now(),
    });

    await sweep();
    t.clock.set('2026-12-20T15:00:00.000Z');
    await sweep();
    const ended = await subscriptionOf(id);
    expect(ended).toMatchObject({
      status: 'canceled',
      currentPeriodEnd: new Date('2026-12-20T15:00:00.000Z'),
    });
    expect(ended.canceledAt?.toISOString()).toBe('2026-12-20T15:00:00.000Z');
    expect(await invoicesOf(id)).toHaveLength(1);
    expect(callsOf(id)).toEqual(['ended 2026-12-20T15:00:00.000Z']);
    t.clock.set('2027-06-01T00:00:00.000Z');
    await sweep();
    expect(await invoicesOf(id)).toHaveLength(1);
  });

  it("refuses to cancel another tenant's subscription (404) or one not started yet (409)", async () => {
    t.clock.set(TEST_NOW);
    const id = await subscribe();
    const cancel = (tenantId: string, subscriptionId: string) =>
      cancelSubscriptionAtPeriodEnd({
        db: t.db,
        gateway: t.app.deps.payments,
        tenantId,
        subscriptionId,
        now: t.clock.now(),
      });
    await expect(cancel(other.id, id)).rejects.toMatchObject({ statusCode: 404 });
    await expect(cancel(tenant.id, 'not-a-uuid')).rejects.toMatchObject({ statusCode: 404 });
    expect((await subscriptionOf(id)).cancelAtPeriodEnd).toBe(false);

    const { subscriptionId: unpaid } = await startSubscriptionCheckout({
      db: t.db,
      gateway: t.app.deps.payments,
      tenant,
      purpose: 'pass',
      subjectId: randomUUID(),
      amount: 5000,
      description: 'Monthly pass',
      period: { interval: 'month', count: 1 },
      successUrl: 'http://subs.localhost:3000/permits',
      cancelUrl: 'http://subs.localhost:3000/permits',
      now: t.clock.now(),
    });
    expect((await subscriptionOf(unpaid)).status).toBe('incomplete');
    await expect(cancel(tenant.id, unpaid)).rejects.toMatchObject({ statusCode: 409 });
  });

  it('refuses a billing period Stripe would refuse, writing nothing', async () => {
    const before = (await t.db.select().from(subscriptions)).length;
    for (const period of [
      { interval: 'month' as const, count: 13 },
      { interval: 'day' as const, count: 0 },
      { interval: 'week' as const, count: 1.5 },
    ]) {
      await expect(
        startSubscriptionCheckout({
          db: t.db,
          gateway: t.app.deps.payments,
          tenant,
          purpose: 'pass',
          subjectId: randomUUID(),
          amount: 5000,
          description: 'Pass',
          period,
          successUrl: 'http://subs.localhost:3000/permits',
          cancelUrl: 'http://subs.localhost:3000/permits',
          now: t.clock.now(),
        }),
      ).rejects.toMatchObject({ statusCode: 400 });
    }
    expect(await t.db.select().from(subscriptions)).toHaveLength(before);
  });
});
