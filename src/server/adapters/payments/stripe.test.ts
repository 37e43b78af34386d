import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type StripeAnswer,
  type StripeRequest,
  type StripeStandIn,
  startStripeStandIn,
} from '../../../../tests/support/stripe-stand-in';
import { fixedClock } from '../../clock';
import { type PaymentGateway, PaymentProviderError, WebhookRejectedError } from './port';
import { createStripeGateway } from './stripe';
import { STRIPE_API_VERSION } from './stripe-client';

/**
 * The Stripe adapter at the port, over real HTTP against a local stand-in for api.stripe.com:
 * what the SDK sends for each call, how it retries, and how signed webhooks map to our events.
 */
const WEBHOOK_SECRET = 'whsec_port_test';
const NOW = '2026-11-20T15:00:00.000Z';
const nowSeconds = Date.parse(NOW) / 1000;

let answer: (request: StripeRequest) => StripeAnswer | undefined = () => undefined;
let standIn: StripeStandIn;
let gateway: PaymentGateway;

const gatewayWith = (overrides: { maxNetworkRetries?: number; timeoutMs?: number } = {}) =>
  createStripeGateway({
    secretKey: 'sk_test_port',
    webhookSecret: WEBHOOK_SECRET,
    apiBase: standIn.apiBase,
    timeoutMs: overrides.timeoutMs ?? 20_000,
    maxNetworkRetries: overrides.maxNetworkRetries ?? 0,
    clock: fixedClock(NOW),
  });

beforeAll(async () => {
  standIn = await startStripeStandIn((request) => answer(request));
  gateway = gatewayWith();
});
afterAll(() => standIn.close());

const lastRequest = () => standIn.received.at(-1)!;

describe('Stripe requests through the SDK', () => {
  it('opens a subscription Checkout with recurring prices in its currency, our ids in the metadata, and a key', async () => {
    const opened = await gateway.createSubscriptionCheckout({
      subscriptionId: '11111111-1111-4111-8111-111111111111',
      paymentSessionId: '22222222-2222-4222-8222-222222222222',
      lineItems: [
        { name: 'Monthly pass', amount: 5000 },
        { name: 'Platform service fee', amount: 150 },
      ],
      currency: 'cad',
      period: { interval: 'month', count: 3 },
      successUrl: 'http://demo.localhost:3000/permits?checkout=success',
      cancelUrl: 'http://demo.localhost:3000/permits?checkout=cancelled',
      customerEmail: 'dana@example.com',
    });
    expect(opened.providerSessionId).toMatch(/^cs_test_/);
    const { method, path, form, headers } = lastRequest();
    expect(`${method} ${path}`).toBe('POST /v1/checkout/sessions');
    expect(headers.authorization).toBe('Bearer sk_test_port');
    expect(headers['stripe-version']).toBe(STRIPE_API_VERSION);
    expect(headers['idempotency-key']).toBe('subscription-checkout-22222222-2222-4222-8222-222222222222');
    expect(Object.fromEntries(form)).toEqual({
      mode: 'subscription',
      success_url: 'http://demo.localhost:3000/permits?checkout=success',
      cancel_url: 'http://demo.localhost:3000/permits?checkout=cancelled',
      client_reference_id: '22222222-2222-4222-8222-222222222222',
      customer_email: 'dana@example.com',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'cad',
      'line_items[0][price_data][unit_amount]': '5000',
      'line_items[0][price_data][product_data][name]': 'Monthly pass',
      'line_items[0][price_data][recurring][interval]': 'month',
      'line_items[0][price_data][recurring][interval_count]': '3',
      'line_items[1][quantity]': '1',
      'line_items[1][price_data][currency]': 'cad',
      'line_items[1][price_data][unit_amount]': '150',
      'line_items[1][price_data][product_data][name]': 'Platform service fee',
      'line_items[1][price_data][recurring][interval]': 'month',
      'line_items[1][price_data][recurring][interval_count]': '3',
      'metadata[payment_session_id]': '22222222-2222-4222-8222-222222222222',
      'metadata[subscription_id]': '11111111-1111-4111-8111-111111111111',
      'subscription_data[metadata][payment_session_id]': '22222222-2222-4222-8222-222222222222',
      'subscription_data[metadata][subscription_id]': '11111111-1111-4111-8111-111111111111',
    });
  });

  it('cancels a subscription at its period end, keyed by our subscription id', async () => {
    answer = () => ({ body: { id: 'sub_123', object: 'subscription', cancel_at_period_end: true } });
    try {
      await gateway.cancelSubscriptionAtPeriodEnd({ providerSubscriptionId: 'sub_123', key: 'sub-key-1' });
    } finally {
      answer = () => undefined;
    }
    const { method, path, form, headers } = lastRequest();
    expect(`${method} ${path}`).toBe('POST /v1/subscriptions/sub_123');
    expect(Object.fromEntries(form)).toEqual({ cancel_at_period_end: 'true' });
    expect(headers['idempotency-key']).toBe('cancel-sub-key-1');
  });

  it('retries a 500 with the same idempotency key, so the retry cannot create twice', async () => {
    let calls = 0;
    answer = () => (++calls === 1 ? { status: 500, body: { error: { message: 'try again' } } } : undefined);
    const before = standIn.received.length;
    try {
      const retrying = gatewayWith({ maxNetworkRetries: 1 });
      const opened = await retrying.createCustomer({
        customerId: '33333333-3333-4333-8333-333333333333',
        email: 'x@example.com',
        name: 'X',
      });
      expect(opened).toMatch(/^cs_test_/);
    } finally {
      answer = () => undefined;
    }
    const attempts = standIn.received.slice(before);
    expect(attempts.map((request) => request.path)).toEqual(['/v1/customers', '/v1/customers']);
    expect(new Set(attempts.map((request) => request.headers['idempotency-key']))).toEqual(
      new Set(['customer-33333333-3333-4333-8333-333333333333']),
    );
  });

  it('gives up after the timeout with a provider error naming the cause', async () => {
    answer = () => 'hang';
    try {
      const impatient = gatewayWith({ timeoutMs: 1000 });
      await expect(
        impatient.refund({ providerPaymentId: 'pi_1', key: '44444444-4444-4444-8444-444444444444' }),
      ).rejects.toThrow(PaymentProviderError);
    } finally {
      answer = () => undefined;
    }
  });

  it("names Stripe's status and message when it refuses", async () => {
    answer = () => ({
      status: 400,
      body: { error: { type: 'invalid_request_error', message: 'No such subscription' } },
    });
    try {
      await expect(
        gateway.cancelSubscriptionAtPeriodEnd({ providerSubscriptionId: 'sub_gone', key: 'k' }),
      ).rejects.toThrow('Stripe answered 400: No such subscription');
    } finally {
      answer = () => undefined;
    }
  });
});

const sdk = new Stripe('sk_test_port');
const signed = (event: object, timestamp = nowSeconds) => {
  const payload = JSON.stringify(event);
  return gateway.readWebhook(
    Buffer.from(payload),
    sdk.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp }),
  );
};
const OUR_SUBSCRIPTION = '55555555-5555-4555-8555-555555555555';
const invoice = (overrides: Record<string, unknown> = {}) => ({
  id: 'in_1',
  object: 'invoice',
  billing_reason: 'subscription_cycle',
  amount_paid: 5150,
  amount_due: 5150,
  hosted_invoice_url: 'https://invoice.stripe.test/in_1',
  parent: {
    type: 'subscription_details',
    subscription_details: { subscription: 'sub_9', metadata: { subscription_id: OUR_SUBSCRIPTION } },
  },
  lines: { object: 'list', data: [{ period: { start: nowSeconds, end: nowSeconds + 86_400 * 30 } }] },
  ...overrides,
});

describe('Stripe webhooks mapped to our events', () => {
  it('reads a completed subscription checkout as a completed checkout with no payment intent', () => {
    expect(
      signed({
        id: 'evt_cs',
        type: 'checkout.session.completed',
        created: nowSeconds,
        data: {
          object: {
            id: 'cs_sub',
            object: 'checkout.session',
            mode: 'subscription',
            payment_status: 'paid',
            payment_intent: null,
            subscription: 'sub_9',
          },
        },
      }),
    ).toEqual({
      eventId: 'evt_cs',
      type: 'checkout.session.completed',
      kind: 'completed',
      providerSessionId: 'cs_sub',
      providerPaymentId: null,
      receiptUrl: null,
    });
  });

  it('reads invoice.paid as a paid period, the start or a renewal, with its end and our id', () => {
    expect(
      signed({ id: 'evt_paid', type: 'invoice.paid', created: nowSeconds, data: { object: invoice() } }),
    ).toEqual({
      eventId: 'evt_paid',
      type: 'invoice.paid',
      kind: 'subscription-paid',
      subscriptionId: OUR_SUBSCRIPTION,
      providerSubscriptionId: 'sub_9',
      invoice: {
        providerInvoiceId: 'in_1',
        amount: 5150,
        periodEnd: new Date((nowSeconds + 86_400 * 30) * 1000),
        isFirst: false,
        receiptUrl: 'https://invoice.stripe.test/in_1',
      },
      occurredAt: new Date(NOW),
    });
    const first = signed({
      id: 'evt_first',
      type: 'invoice.paid',
      data: { object: invoice({ billing_reason: 'subscription_create' }) },
    });
    expect(first.kind === 'subscription-paid' && first.invoice?.isFirst).toBe(true);
    // Older API versions name the subscription at the top of the invoice.
    const legacy = signed({
      id: 'evt_legacy',
      type: 'invoice.paid',
      data: { object: invoice({ parent: null, subscription: 'sub_old' }) },
    });
    expect(legacy).toMatchObject({
      kind: 'subscription-paid',
      subscriptionId: null,
      providerSubscriptionId: 'sub_old',
    });
  });

  it('reads invoice.payment_failed as a failed renewal with the amount due', () => {
    expect(
      signed({
        id: 'evt_failed',
        type: 'invoice.payment_failed',
        data: { object: invoice({ amount_paid: 0, amount_due: 5150 }) },
      }),
    ).toMatchObject({
      kind: 'subscription-payment-failed',
      subscriptionId: OUR_SUBSCRIPTION,
      providerSubscriptionId: 'sub_9',
      invoice: { providerInvoiceId: 'in_1', amount: 5150 },
    });
  });

  it('reads customer.subscription.deleted as the end, at the time it ended', () => {
    expect(
      signed({
        id: 'evt_deleted',
        type: 'customer.subscription.deleted',
        created: nowSeconds,
        data: {
          object: {
            id: 'sub_9',
            object: 'subscription',
            metadata: { subscription_id: OUR_SUBSCRIPTION },
            ended_at: nowSeconds - 60,
          },
        },
      }),
    ).toEqual({
      eventId: 'evt_deleted',
      type: 'customer.subscription.deleted',
      kind: 'subscription-canceled',
      subscriptionId: OUR_SUBSCRIPTION,
      providerSubscriptionId: 'sub_9',
      invoice: null,
      occurredAt: new Date((nowSeconds - 60) * 1000),
    });
  });

  it('ignores invoices that are not a subscription’s, and events it does not act on', () => {
    expect(
      signed({ id: 'evt_oneoff', type: 'invoice.paid', data: { object: invoice({ parent: null }) } }).kind,
    ).toBe('other');
    expect(
      signed({
        id: 'evt_upd',
        type: 'customer.subscription.updated',
        data: { object: { id: 'sub_9', object: 'subscription' } },
      }).kind,
    ).toBe('other');
    expect(signed({ id: 'evt_fin', type: 'invoice.finalized', data: { object: invoice() } }).kind).toBe(
      'other',
    );
  });

  it('refuses a subscription event whose object is not what Stripe sends, and signatures from the future', () => {
    expect(() =>
      signed({ id: 'evt_bad', type: 'invoice.paid', data: { object: { id: 'in_x', object: 'invoice' } } }),
    ).toThrow(WebhookRejectedError);
    expect(() =>
      signed({ id: 'evt_future', type: 'invoice.paid', data: { object: invoice() } }, nowSeconds + 301),
    ).toThrow(WebhookRejectedError);
    expect(() =>
      signed({ id: 'evt_stale', type: 'invoice.paid', data: { object: invoice() } }, nowSeconds - 301),
    ).toThrow(WebhookRejectedError);
  });
});
