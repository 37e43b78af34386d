import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { buildCitation, buildCitations, buildTenant } from '../../../../tests/support/factories';
import {
  STRIPE_TEST_SECRET_KEY,
  STRIPE_TEST_WEBHOOK_SECRET,
  stripeEnv,
  useStripeStandIn,
} from '../../../../tests/support/stripe-stand-in';
import { TEST_NOW, useTestApp } from '../../../../tests/support/test-app';
import { paymentSessions } from '../../db/schema';

const stripe = useStripeStandIn();
const t = useTestApp(() => ({
  env: stripeEnv(stripe),
  seed: {
    tenants: [
      buildTenant({
        subdomain: 'gamma',
        citations: [
          buildCitation({ citationNumber: 'G100', amount: 4500 }),
          ...buildCitations(['G101', 'G102', 'G103', 'G104', 'G105', 'G106', 'G107', 'G108'], {
            amount: 2000,
          }),
        ],
      }),
      buildTenant({ subdomain: 'delta' }),
    ],
  },
}));

async function citationOf(number: string) {
  const response = await t.request('gamma', {
    method: 'GET',
    url: `/api/v1/portal/citation/p/blank/n/${number}/o/gamma`,
  });
  return response.json()[0];
}

async function openCheckout(number: string): Promise<string> {
  const citation = await citationOf(number);
  const response = await t.request('gamma', {
    method: 'GET',
    url: `/api/v1/citation/checkout/${citation.uuid}/subdomain/gamma`,
  });
  expect(response.statusCode).toBe(200);
  return response.json().checkoutURL.split('/').pop();
}

let eventSequence = 0;
function checkoutEvent(
  sessionId: string,
  overrides: { type?: string; payment_status?: string; id?: string } = {},
) {
  return JSON.stringify({
    id: overrides.id ?? `evt_${++eventSequence}`,
    object: 'event',
    type: overrides.type ?? 'checkout.session.completed',
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        payment_status: overrides.payment_status ?? 'paid',
        payment_intent: `pi_for_${sessionId}`,
      },
    },
  });
}

const nowSeconds = () => Math.floor(new Date(TEST_NOW).getTime() / 1000);

/** Signature headers are made by the official SDK, exactly as Stripe produces them. */
const stripeSdk = new Stripe(STRIPE_TEST_SECRET_KEY);
const sdkSignature = (payload: string, secret = STRIPE_TEST_WEBHOOK_SECRET, timestamp = nowSeconds()) =>
  stripeSdk.webhooks.generateTestHeaderString({ payload, secret, timestamp });

const deliver = (payload: string, signature = sdkSignature(payload)) =>
  t.request(null, {
    method: 'POST',
    url: '/api/v1/payments/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });

const sessionsOf = async (citationUUID: string) =>
  t.db.select().from(paymentSessions).where(eq(paymentSessions.subjectId, citationUUID));

describe('Stripe checkout', () => {
  it('opens a Checkout session for the amount due, keyed by our session id', async () => {
    stripe.received.length = 0;
    const sessionId = await openCheckout('G100');
    expect(sessionId).toMatch(/^cs_test_\d+$/);
    const [call] = stripe.received;
    const citation = await citationOf('G100');
    expect(call?.path).toBe('/v1/checkout/sessions');
    expect(call?.headers.authorization).toBe(`Bearer ${STRIPE_TEST_SECRET_KEY}`);
    expect(call?.headers['idempotency-key']).toMatch(/^checkout-[0-9a-f-]{36}$/);
    expect(Object.fromEntries(call!.form)).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '4500',
      'line_items[0][price_data][product_data][name]': 'Parking notice G100',
      success_url: `http://gamma.localhost:3000/citations/${citation.uuid}?checkout=success`,
      cancel_url: `http://gamma.localhost:3000/citations/${citation.uuid}?checkout=cancelled`,
    });
    expect(call!.form.get('client_reference_id')).toBe(call!.form.get('metadata[payment_session_id]'));
  });

  it('answers 502 and writes nothing when Stripe fails', async () => {
    const citation = await citationOf('G106');
    const response = await stripe.whileDown(() =>
      t.request('gamma', {
        method: 'GET',
        url: `/api/v1/citation/checkout/${citation.uuid}/subdomain/gamma`,
      }),
    );
    expect(response.statusCode).toBe(502);
    expect(response.json().code).toBe('payment_provider_error');
    expect(await sessionsOf(citation.uuid)).toEqual([]);
  });
});

describe('POST /payments/stripe/webhook', () => {
  it('marks the notice paid with the receipt from Stripe; five replays change nothing', async () => {
    const sessionId = await openCheckout('G101');
    const event = checkoutEvent(sessionId);
    const first = await deliver(event);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true });
    expect(await citationOf('G101')).toMatchObject({
      paymentStatus: 'Paid',
      datePaid: TEST_NOW,
      paidTotal: 2000,
      receiptUrl: `https://pay.stripe.test/receipts/pi_for_${sessionId}`,
    });
    for (let replay = 0; replay < 5; replay++) expect((await deliver(event)).statusCode).toBe(200);
    const asyncSuccess = checkoutEvent(sessionId, { type: 'checkout.session.async_payment_succeeded' });
    expect((await deliver(asyncSuccess)).statusCode).toBe(200);
    expect((await citationOf('G101')).paidTotal).toBe(2000);
  });

  it('pays once under 20 concurrent deliveries of one event and of different events', async () => {
    const sessionId = await openCheckout('G102');
    const same = checkoutEvent(sessionId);
    const payloads = [
      ...Array.from({ length: 20 }, () => same),
      ...Array.from({ length: 5 }, () => checkoutEvent(sessionId)),
    ];
    const responses = await Promise.all(payloads.map((payload) => deliver(payload)));
    expect(new Set(responses.map((response) => response.statusCode))).toEqual(new Set([200]));
    expect(await citationOf('G102')).toMatchObject({ paymentStatus: 'Paid', paidTotal: 2000 });
    const [session] = await sessionsOf((await citationOf('G102')).uuid);
    expect(session).toMatchObject({ status: 'paid', refundId: null });
  });

  it('ends paid whatever the order: pending, expired, then the late success', async () => {
    const sessionId = await openCheckout('G103');
    const events = [
      checkoutEvent(sessionId, { payment_status: 'unpaid' }),
      checkoutEvent(sessionId, { type: 'checkout.session.async_payment_succeeded' }),
      checkoutEvent(sessionId, { type: 'checkout.session.expired', payment_status: 'unpaid' }),
    ];
    // Stripe does not promise order: deliver the success between the other two.
    expect((await deliver(events[0]!)).statusCode).toBe(200);
    expect((await citationOf('G103')).paymentStatus).toBe('Open');
    await deliver(events[1]!);
    await deliver(events[2]!);
    expect(await citationOf('G103')).toMatchObject({ paymentStatus: 'Paid', paidTotal: 2000 });
    const [session] = await sessionsOf((await citationOf('G103')).uuid);
    expect(session?.status).toBe('paid');
  });

  it('records a failed automatic refund as refund_failed with the error, for the operator', async () => {
    const first = await openCheckout('G108');
    const second = await openCheckout('G108');
    expect((await deliver(checkoutEvent(first))).statusCode).toBe(200);
    expect((await stripe.whileDown(() => deliver(checkoutEvent(second)))).statusCode).toBe(200);
    const citation = await citationOf('G108');
    expect(citation).toMatchObject({ paymentStatus: 'Paid', paidTotal: 2000 });
    const sessions = await sessionsOf(citation.uuid);
    const failed = sessions.find((session) => session.providerSessionId === second)!;
    expect(failed).toMatchObject({ status: 'refund_failed', refundId: null });
    expect(failed.refundError).toBe('Stripe answered 500: boom');
    expect(failed.refundFailedAt?.toISOString()).toBe(TEST_NOW);
    expect(sessions.find((session) => session.providerSessionId === first)?.status).toBe('paid');
    // A further event for the same payment neither pays again nor hides the failure.
    expect((await deliver(checkoutEvent(second))).statusCode).toBe(200);
    expect((await sessionsOf(citation.uuid)).find((session) => session.id === failed.id)?.status).toBe(
      'refund_failed',
    );
  });

  it('keeps the first of two paid checkouts and refunds the second through Stripe', async () => {
    const first = await openCheckout('G104');
    const second = await openCheckout('G104');
    stripe.received.length = 0;
    await Promise.all([deliver(checkoutEvent(first)), deliver(checkoutEvent(second))]);
    const citation = await citationOf('G104');
    expect(citation).toMatchObject({ paymentStatus: 'Paid', paidTotal: 2000 });
    const sessions = await sessionsOf(citation.uuid);
    expect(sessions.map((session) => session.status).sort()).toEqual(['paid', 'refunded']);
    const refunded = sessions.find((session) => session.status === 'refunded')!;
    const refundCall = stripe.received.find((call) => call.path === '/v1/refunds');
    expect(refundCall?.form.get('payment_intent')).toBe(refunded.providerPaymentId);
    expect(refundCall?.headers['idempotency-key']).toBe(`refund-${refunded.id}`);
    expect(refunded.refundId).toMatch(/^re_test_/);
    expect(refunded.refundedAt?.toISOString()).toBe(TEST_NOW);
  });

  it('acknowledges events of sessions it did not open, and events it does not act on', async () => {
    expect((await deliver(checkoutEvent('cs_test_someone_else'))).statusCode).toBe(200);
    const other = JSON.stringify({
      id: 'evt_other',
      type: 'customer.created',
      data: { object: { id: 'cus_1', object: 'customer' } },
    });
    expect((await deliver(other)).statusCode).toBe(200);
  });

  it.each([
    ['no signature', (payload: string) => deliver(payload, '')],
    ['a wrong secret', (payload: string) => deliver(payload, sdkSignature(payload, 'whsec_wrong'))],
    [
      'a stale timestamp',
      (payload: string) =>
        deliver(payload, sdkSignature(payload, STRIPE_TEST_WEBHOOK_SECRET, nowSeconds() - 301)),
    ],
    [
      'a timestamp from the future',
      (payload: string) =>
        deliver(payload, sdkSignature(payload, STRIPE_TEST_WEBHOOK_SECRET, nowSeconds() + 301)),
    ],
    [
      'a tampered body',
      (payload: string) => deliver(payload.replace('"paid"', '"paid" '), sdkSignature(payload)),
    ],
    ['a garbage header', (payload: string) => deliver(payload, 't=abc,v1=zz')],
    ['a signed body that is not JSON', () => deliver('not json')],
    [
      'a signed event without data',
      () => deliver(JSON.stringify({ id: 'evt_x', type: 'checkout.session.completed' })),
    ],
  ])('refuses %s with a 400 and pays nothing', async (_label, send) => {
    const sessionId = await openCheckout('G105');
    const response = await send(checkoutEvent(sessionId));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'bad_request' });
    expect((await citationOf('G105')).paymentStatus).toBe('Open');
  });

  it("accepts the SDK's header within the five-minute tolerance, measured on the app's clock", async () => {
    const sessionId = await openCheckout('G107');
    const payload = checkoutEvent(sessionId);
    const almostStale = sdkSignature(payload, STRIPE_TEST_WEBHOOK_SECRET, nowSeconds() - 299);
    expect((await deliver(payload, almostStale)).statusCode).toBe(200);
    expect((await citationOf('G107')).paymentStatus).toBe('Paid');
  });

  it('refuses a body that is not JSON by content type', async () => {
    const response = await t.request(null, {
      method: 'POST',
      url: '/api/v1/payments/stripe/webhook',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(response.statusCode).toBe(400);
  });
});
