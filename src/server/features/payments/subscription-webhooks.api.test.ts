import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant } from '../../../../tests/support/factories';
import { type StripeStandIn, startStripeStandIn } from '../../../../tests/support/stripe-stand-in';
import { createTestApp, TEST_NOW, type TestApp } from '../../../../tests/support/test-app';
import { paymentSessions, subscriptionInvoices, subscriptions, type TenantRow } from '../../db/schema';
import { cancelSubscriptionAtPeriodEnd } from './cancel-subscription';
import { startSubscriptionCheckout } from './start-subscription-checkout';

/**
 * A Stripe subscription end to end through the webhook route: the checkout opened through the
 * SDK, then Stripe's events in the order Stripe may send them (which it does not promise).
 */
const WEBHOOK_SECRET = 'whsec_subscription_test';
const nowSeconds = Date.parse(TEST_NOW) / 1000;
const DAY = 86_400;

let stripe: StripeStandIn;
let t: TestApp;
let tenant: TenantRow;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  t = await createTestApp({
    env: {
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.apiBase,
    },
  });
  await t.seed({ tenants: [buildTenant({ subdomain: 'striped' })] });
  tenant = (await t.db.query.tenants.findFirst({ where: (row, { eq }) => eq(row.subdomain, 'striped') }))!;
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const sdk = new Stripe('sk_test_123');
const deliver = (event: object) => {
  const payload = JSON.stringify(event);
  return t.request(null, {
    method: 'POST',
    url: '/api/v1/payments/stripe/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': sdk.webhooks.generateTestHeaderString({
        payload,
        secret: WEBHOOK_SECRET,
        timestamp: nowSeconds,
      }),
    },
    payload,
  });
};

const invoiceEvent = (
  type: 'invoice.paid' | 'invoice.payment_failed',
  options: { eventId: string; invoiceId: string; subscriptionId: string; periodEnd: number; reason: string },
) => ({
  id: options.eventId,
  object: 'event',
  type,
  created: nowSeconds,
  data: {
    object: {
      id: options.invoiceId,
      object: 'invoice',
      billing_reason: options.reason,
      amount_paid: type === 'invoice.paid' ? 5000 : 0,
      amount_due: 5000,
      hosted_invoice_url: `https://invoice.stripe.test/${options.invoiceId}`,
      parent: {
        type: 'subscription_details',
        subscription_details: {
          subscription: 'sub_live_1',
          metadata: { subscription_id: options.subscriptionId },
        },
      },
      lines: { object: 'list', data: [{ period: { start: nowSeconds, end: options.periodEnd } }] },
    },
  },
});

const subscriptionOf = async (id: string) =>
  (await t.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;

describe('a Stripe subscription through webhooks', () => {
  it('starts, renews, fails, is canceled at period end and ends, counting each invoice once', async () => {
    const { checkoutURL, subscriptionId } = await startSubscriptionCheckout({
      db: t.db,
      gateway: t.app.deps.payments,
      tenant,
      purpose: 'pass',
      subjectId: randomUUID(),
      amount: 5000,
      description: 'Monthly pass',
      period: { interval: 'month', count: 1 },
      successUrl: 'http://striped.localhost:3000/permits?checkout=success',
      cancelUrl: 'http://striped.localhost:3000/permits?checkout=cancelled',
      now: t.clock.now(),
    });
    const providerSessionId = checkoutURL.split('/').pop()!;
    expect(stripe.received.at(-1)?.form.get('mode')).toBe('subscription');
    expect(stripe.received.at(-1)?.form.get('subscription_data[metadata][subscription_id]')).toBe(
      subscriptionId,
    );
    expect(await subscriptionOf(subscriptionId)).toMatchObject({
      status: 'incomplete',
      providerSubscriptionId: null,
    });

    // The first invoice can arrive before the checkout's own event.
    const firstEnd = nowSeconds + 30 * DAY;
    const first = invoiceEvent('invoice.paid', {
      eventId: 'evt_in_1',
      invoiceId: 'in_1',
      subscriptionId,
      periodEnd: firstEnd,
      reason: 'subscription_create',
    });
    expect((await deliver(first)).statusCode).toBe(200);
    expect(await subscriptionOf(subscriptionId)).toMatchObject({
      status: 'active',
      providerSubscriptionId: 'sub_live_1',
      currentPeriodEnd: new Date(firstEnd * 1000),
      startedAt: new Date(TEST_NOW),
    });
    const completed = {
      id: 'evt_cs_1',
      type: 'checkout.session.completed',
      created: nowSeconds,
      data: {
        object: {
          id: providerSessionId,
          object: 'checkout.session',
          mode: 'subscription',
          payment_status: 'paid',
          payment_intent: null,
          subscription: 'sub_live_1',
        },
      },
    };
    expect((await deliver(completed)).statusCode).toBe(200);
    const [checkout] = await t.db
      .select()
      .from(paymentSessions)
      .where(eq(paymentSessions.providerSessionId, providerSessionId));
    expect(checkout).toMatchObject({ purpose: 'subscription', status: 'paid', subjectId: subscriptionId });
    expect((await subscriptionOf(subscriptionId)).status).toBe('active');

    // A redelivery, and the same invoice under another event id, count once.
    expect((await deliver(first)).statusCode).toBe(200);
    expect((await deliver({ ...first, id: 'evt_in_1_again' })).statusCode).toBe(200);
    const invoices = () =>
      t.db.select().from(subscriptionInvoices).where(eq(subscriptionInvoices.subscriptionId, subscriptionId));
    expect(await invoices()).toHaveLength(1);

    // A renewal moves the period end; an older invoice arriving late never moves it back.
    const secondEnd = firstEnd + 31 * DAY;
    await deliver(
      invoiceEvent('invoice.paid', {
        eventId: 'evt_in_2',
        invoiceId: 'in_2',
        subscriptionId,
        periodEnd: secondEnd,
        reason: 'subscription_cycle',
      }),
    );
    await deliver(
      invoiceEvent('invoice.paid', {
        eventId: 'evt_in_0',
        invoiceId: 'in_0',
        subscriptionId,
        periodEnd: firstEnd - DAY,
        reason: 'subscription_cycle',
      }),
    );
    expect((await subscriptionOf(subscriptionId)).currentPeriodEnd).toEqual(new Date(secondEnd * 1000));
    expect(await invoices()).toHaveLength(3);

    await deliver(
      invoiceEvent('invoice.payment_failed', {
        eventId: 'evt_in_3_failed',
        invoiceId: 'in_3',
        subscriptionId,
        periodEnd: secondEnd + 30 * DAY,
        reason: 'subscription_cycle',
      }),
    );
    expect(await subscriptionOf(subscriptionId)).toMatchObject({
      status: 'past_due',
      currentPeriodEnd: new Date(secondEnd * 1000),
      lastPaymentFailedAt: new Date(TEST_NOW),
    });

    const canceled = await cancelSubscriptionAtPeriodEnd({
      db: t.db,
      gateway: t.app.deps.payments,
      tenantId: tenant.id,
      subscriptionId,
      now: t.clock.now(),
    });
    expect(canceled.cancelAtPeriodEnd).toBe(true);
    const cancelCall = stripe.received.at(-1)!;
    expect(`${cancelCall.method} ${cancelCall.path}`).toBe('POST /v1/subscriptions/sub_live_1');
    expect(cancelCall.form.get('cancel_at_period_end')).toBe('true');
    expect(cancelCall.headers['idempotency-key']).toBe(`cancel-${subscriptionId}`);

    // Found by Stripe's subscription id alone when the metadata is missing.
    const deleted = {
      id: 'evt_deleted',
      type: 'customer.subscription.deleted',
      created: nowSeconds,
      data: { object: { id: 'sub_live_1', object: 'subscription', metadata: {}, ended_at: secondEnd } },
    };
    expect((await deliver(deleted)).statusCode).toBe(200);
    expect(await subscriptionOf(subscriptionId)).toMatchObject({
      status: 'canceled',
      canceledAt: new Date(secondEnd * 1000),
    });
  });

  it('acknowledges events of subscriptions it did not open, and refuses malformed ones', async () => {
    const stranger = invoiceEvent('invoice.paid', {
      eventId: 'evt_stranger',
      invoiceId: 'in_stranger',
      subscriptionId: randomUUID(),
      periodEnd: nowSeconds + DAY,
      reason: 'subscription_cycle',
    });
    stranger.data.object.parent.subscription_details.subscription = 'sub_someone_else';
    expect((await deliver(stranger)).statusCode).toBe(200);
    const malformed = {
      id: 'evt_bad',
      type: 'invoice.paid',
      data: { object: { id: 'in_bad', object: 'invoice' } },
    };
    const response = await deliver(malformed);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'bad_request' });
  });
});
