import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { citationOf, openCitationCheckout } from '../../../../tests/support/citation-checkout';
import { buildCitation, buildTenant } from '../../../../tests/support/factories';
import { type StripeStandIn, startStripeStandIn } from '../../../../tests/support/stripe-stand-in';
import { createTestApp, TEST_NOW, type TestApp } from '../../../../tests/support/test-app';
import { paymentMessages } from '../../../shared/messages';
import { citations, paymentSessions } from '../../db/schema';
import { CHECKOUT_LIFETIME_MS } from './start-checkout';

const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };

async function openCheckout(t: TestApp, subdomain: string, number: string): Promise<URL> {
  return new URL(await openCitationCheckout(t, subdomain, number));
}

/** What an operator's approved appeal with 'Void the notice' writes (dashboard-service.ts). */
async function voidNotice(t: TestApp, uuid: string) {
  await t.db
    .update(citations)
    .set({ voidDate: t.clock.now(), paymentStatus: 'Void' })
    .where(eq(citations.id, uuid));
}

const sessionsOf = (t: TestApp, uuid: string) =>
  t.db.select().from(paymentSessions).where(eq(paymentSessions.subjectId, uuid));

describe('a checkout whose notice changed while it was open (sandbox)', () => {
  let t: TestApp;
  const pay = (path: string, fields: Record<string, string> = GOOD_CARD) =>
    t.request('sbx', {
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });

  beforeAll(async () => {
    t = await createTestApp();
    await t.seed({
      tenants: [
        buildTenant({
          subdomain: 'sbx',
          timezone: 'America/New_York',
          citations: [
            buildCitation({ citationNumber: 'V1', amount: 4000 }),
            // Issued Nov 10, 09:00 New York: its late tier is reached on Nov 21, local time.
            buildCitation({
              citationNumber: 'L1',
              amount: 4000,
              createdOn: '2026-11-10T14:00:00Z',
              lateDays1: 11,
              lateAmount1: 2500,
            }),
            buildCitation({ citationNumber: 'O1', amount: 4000 }),
            buildCitation({ citationNumber: 'E1', amount: 4000 }),
            buildCitation({ citationNumber: 'C1', amount: 4000 }),
          ],
        }),
      ],
    });
  });
  afterAll(() => t.close());

  it('refunds a payment for a notice voided meanwhile, and the notice stays voided and unpaid', async () => {
    t.clock.set(TEST_NOW);
    const url = await openCheckout(t, 'sbx', 'V1');
    const citation = await citationOf(t, 'sbx', 'V1');
    await voidNotice(t, citation.uuid);
    expect((await pay(url.pathname)).statusCode).toBe(303);
    expect(await citationOf(t, 'sbx', 'V1')).toMatchObject({
      paymentStatus: 'Void',
      datePaid: null,
      paidTotal: null,
    });
    const [session] = await sessionsOf(t, citation.uuid);
    expect(session).toMatchObject({ status: 'refunded', refundReason: 'not_payable' });
    expect(session?.refundId).toMatch(/^sbx_re_/);
  });

  it('never settles for less: a late tier crossed while open refunds, and the notice stays open at its new amount', async () => {
    t.clock.set('2026-11-21T04:50:00Z'); // 23:50 on Nov 20 in New York
    const url = await openCheckout(t, 'sbx', 'L1');
    expect((await citationOf(t, 'sbx', 'L1')).amountDue).toBe(4000);
    t.clock.set('2026-11-21T05:10:00Z'); // 00:10 on Nov 21: the tier applies
    expect((await pay(url.pathname)).statusCode).toBe(303);
    const citation = await citationOf(t, 'sbx', 'L1');
    expect(citation).toMatchObject({ paymentStatus: 'Open', datePaid: null, amountDue: 6500 });
    const [session] = await sessionsOf(t, citation.uuid);
    expect(session).toMatchObject({ status: 'refunded', refundReason: 'amount_changed' });
    // A new checkout charges what it owes now, and settles it.
    const again = await openCheckout(t, 'sbx', 'L1');
    expect((await pay(again.pathname)).statusCode).toBe(303);
    expect(await citationOf(t, 'sbx', 'L1')).toMatchObject({ paymentStatus: 'Paid', paidTotal: 6500 });
  });

  it('refunds when an override changed the amount while open', async () => {
    t.clock.set(TEST_NOW);
    const url = await openCheckout(t, 'sbx', 'O1');
    const citation = await citationOf(t, 'sbx', 'O1');
    await t.db.update(citations).set({ amountOverride: 9000 }).where(eq(citations.id, citation.uuid));
    expect((await pay(url.pathname)).statusCode).toBe(303);
    expect(await citationOf(t, 'sbx', 'O1')).toMatchObject({ paymentStatus: 'Open', amountDue: 9000 });
    const [session] = await sessionsOf(t, citation.uuid);
    expect(session).toMatchObject({ status: 'refunded', refundReason: 'amount_changed' });
  });

  it('expires a checkout after 31 minutes, not 24 hours', async () => {
    t.clock.set(TEST_NOW);
    const url = await openCheckout(t, 'sbx', 'E1');
    t.clock.set(new Date(new Date(TEST_NOW).getTime() + CHECKOUT_LIFETIME_MS + 1000));
    const late = await pay(url.pathname);
    expect(late.statusCode).toBe(409);
    expect(late.body).toContain(paymentMessages.sandboxSessionClosed);
    const citation = await citationOf(t, 'sbx', 'E1');
    expect(citation.paymentStatus).toBe('Open');
    expect((await sessionsOf(t, citation.uuid))[0]?.status).toBe('expired');
  });

  it('takes only documented test cards, with a message that says so', async () => {
    t.clock.set(TEST_NOW);
    const url = await openCheckout(t, 'sbx', 'C1');
    const refused = await pay(url.pathname, { ...GOOD_CARD, cardNumber: '4111 1111 1111 1111' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(paymentMessages.sandboxTestCardsOnly);
    expect((await citationOf(t, 'sbx', 'C1')).paymentStatus).toBe('Open');
  });
});

describe('a checkout whose notice was voided meanwhile (Stripe, signed event)', () => {
  const WEBHOOK_SECRET = 'whsec_unfulfillable';
  let stripe: StripeStandIn;
  let t: TestApp;

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    t = await createTestApp({
      env: {
        PAYMENTS_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_unfulfillable',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: stripe.apiBase,
      },
    });
    await t.seed({
      tenants: [
        buildTenant({
          subdomain: 'str',
          citations: [buildCitation({ citationNumber: 'SV1', amount: 3000 })],
        }),
      ],
    });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  it('asks Stripe for a 31-minute checkout, then refunds the payment of the voided notice', async () => {
    const url = await openCheckout(t, 'str', 'SV1');
    const sessionId = url.pathname.split('/').pop() ?? '';
    const opened = stripe.received.find((request) => request.path === '/v1/checkout/sessions');
    expect(Number(opened?.form.get('expires_at'))).toBe(
      Math.floor((new Date(TEST_NOW).getTime() + CHECKOUT_LIFETIME_MS) / 1000),
    );
    const citation = await citationOf(t, 'str', 'SV1');
    await voidNotice(t, citation.uuid);

    const payload = JSON.stringify({
      id: 'evt_voided_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: sessionId,
          object: 'checkout.session',
          payment_status: 'paid',
          payment_intent: 'pi_voided',
        },
      },
    });
    const signature = new Stripe('sk_test_unfulfillable').webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(new Date(TEST_NOW).getTime() / 1000),
    });
    const delivered = await t.request(null, {
      method: 'POST',
      url: '/api/v1/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    expect(delivered.statusCode).toBe(200);

    const refund = stripe.received.find((request) => request.path === '/v1/refunds');
    expect(refund?.form.get('payment_intent')).toBe('pi_voided');
    expect(await citationOf(t, 'str', 'SV1')).toMatchObject({ paymentStatus: 'Void', datePaid: null });
    const [session] = await sessionsOf(t, citation.uuid);
    expect(session).toMatchObject({ status: 'refunded', refundReason: 'not_payable' });
  });
});
