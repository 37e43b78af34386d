import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { buildCitation, buildTenant } from '../../../../tests/support/factories';
import {
  STRIPE_TEST_SECRET_KEY,
  STRIPE_TEST_WEBHOOK_SECRET,
  stripeEnv,
  useStripeStandIn,
} from '../../../../tests/support/stripe-stand-in';
import { TEST_NOW, useTestApp } from '../../../../tests/support/test-app';
import { paymentPlanInstalments, paymentPlans } from '../../db/schema';
import { chargeDueInstalments } from './charge-instalments';

/**
 * A payment plan through Stripe, against the local stand-in (decision 222): the first instalment's
 * Checkout saves the card, later instalments are off-session PaymentIntents, one per attempt.
 */
const NOTICE = randomUUID();
const stripe = useStripeStandIn();
const t = useTestApp(() => ({
  env: stripeEnv(stripe),
  seed: {
    tenants: [
      buildTenant({
        subdomain: 'stripeplans',
        paymentPlanThreshold: 10_000,
        citations: [buildCitation({ uuid: NOTICE, citationNumber: 'SP1', amount: 30_000 })],
      }),
    ],
  },
}));

const stripeSdk = new Stripe(STRIPE_TEST_SECRET_KEY);
const deliver = (payload: string) =>
  t.request(null, {
    method: 'POST',
    url: '/api/v1/payments/stripe/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': stripeSdk.webhooks.generateTestHeaderString({
        payload,
        secret: STRIPE_TEST_WEBHOOK_SECRET,
        timestamp: Math.floor(t.clock.now().getTime() / 1000),
      }),
    },
    payload,
  });

describe('a payment plan with Stripe', () => {
  it('saves the card at Checkout and charges the next instalment off session, once', async () => {
    t.clock.set(TEST_NOW);
    const started = await t.request('stripeplans', {
      method: 'POST',
      url: `/api/v1/portal/payment-plan/citation/${NOTICE}`,
      payload: { instalments: 2, email: 'stripe-payer@plans.example' },
    });
    expect(started.statusCode).toBe(200);
    const checkout = stripe.received.find((request) => request.path === '/v1/checkout/sessions')!;
    expect(Object.fromEntries(checkout.form)).toMatchObject({
      mode: 'payment',
      'payment_intent_data[setup_future_usage]': 'off_session',
      customer_creation: 'always',
      customer_email: 'stripe-payer@plans.example',
      'line_items[0][price_data][unit_amount]': '15000',
      'line_items[0][price_data][product_data][name]': 'Instalment 1 of 2 for parking notice SP1',
    });
    const sessionId = started.json().checkoutURL.split('/').pop();
    const paid = await deliver(
      JSON.stringify({
        id: 'evt_plan_1',
        object: 'event',
        type: 'checkout.session.completed',
        data: {
          object: {
            id: sessionId,
            object: 'checkout.session',
            payment_status: 'paid',
            payment_intent: 'pi_first',
          },
        },
      }),
    );
    expect(paid.statusCode).toBe(200);
    const [plan] = await t.db.select().from(paymentPlans).where(eq(paymentPlans.citationId, NOTICE));
    expect(plan).toMatchObject({ status: 'active', provider: 'stripe' });

    stripe.received.length = 0;
    t.clock.set('2026-12-20T06:00:00Z');
    const [a, b] = await Promise.all([
      chargeDueInstalments({ db: t.db, gateway: t.app.deps.payments, clock: t.clock }),
      chargeDueInstalments({ db: t.db, gateway: t.app.deps.payments, clock: t.clock }),
    ]);
    expect(a + b).toBe(1);
    // The card the first PaymentIntent saved, then one confirmed off-session PaymentIntent.
    expect(stripe.received.map((request) => `${request.method} ${request.path.split('?')[0]}`)).toEqual([
      'GET /v1/payment_intents/pi_first',
      'POST /v1/payment_intents',
    ]);
    const charge = stripe.received[1]!;
    expect(Object.fromEntries(charge.form)).toMatchObject({
      amount: '15000',
      currency: 'usd',
      customer: 'cus_for_pi_first',
      payment_method: 'pm_for_pi_first',
      off_session: 'true',
      confirm: 'true',
    });
    const rows = await t.db
      .select()
      .from(paymentPlanInstalments)
      .where(eq(paymentPlanInstalments.planId, plan!.id))
      .orderBy(paymentPlanInstalments.sequence);
    expect(charge.headers['idempotency-key']).toBe(`instalment-${rows[1]!.id}-1`);
    expect(rows.map((row) => [row.status, row.providerPaymentId])).toEqual([
      ['paid', 'pi_first'],
      ['paid', 'pi_test_1'],
    ]);
    const notice = await t.request('stripeplans', {
      method: 'GET',
      url: `/api/v1/portal/citation/${NOTICE}`,
    });
    expect(notice.json()).toMatchObject({
      paymentStatus: 'Paid',
      paymentPlan: { status: 'completed', paid: 30_000 },
    });
  });
});
