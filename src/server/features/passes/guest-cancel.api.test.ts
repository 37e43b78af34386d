import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildCustomer, buildProduct, buildTenant } from '../../../../tests/support/factories';
import { submitSandboxCheckout } from '../../../../tests/support/sandbox-checkout';
import { signIn } from '../../../../tests/support/sessions';
import { stripeEnv, useStripeStandIn } from '../../../../tests/support/stripe-stand-in';
import { type TestApp, useTestApp } from '../../../../tests/support/test-app';
import { passMessages } from '../../../shared/messages/passes';
import { emailOutbox, issuedPasses, passProducts, subscriptions } from '../../db/schema';

/**
 * Issue 27, decision 178: a guest cancels with the link in their email (the pass's uuid is the
 * capability), a signed-in standard customer cancels their own pass; a recurring pass stops
 * renewing through the payment port, asked once however many clicks arrive, and the holder gets
 * one confirmation email.
 */
const vehicle = { plate: 'gst 1', state: 'ny', make: 'kia', model: 'rio', color: 'red' };
const seed = () => ({
  tenants: [
    buildTenant({
      subdomain: 'guests',
      customers: [buildCustomer({ email: 'sue@guests.example', fullname: 'Sue Standard' })],
      products: [
        buildProduct({
          name: 'Monthly garage',
          amount: 7500,
          billingType: 'RECURRING',
          billingPeriod: 'MONTH',
          permitDuration: 1,
          permitDurationUnit: 'MONTH',
        }),
        buildProduct({ name: 'Day pass', amount: 0 }),
      ],
    }),
    buildTenant({ subdomain: 'strangers' }),
  ],
});

const helpers = (t: TestApp) => {
  const productId = async (name: string) =>
    (await t.db.select({ id: passProducts.id }).from(passProducts).where(eq(passProducts.name, name)))[0]!.id;
  const cancel = (passId: string, options: { host?: string; authorization?: string } = {}) =>
    t.request(options.host ?? 'guests', {
      method: 'PUT',
      url: `/api/v1/permits/issued/${passId}/cancel`,
      headers: options.authorization ? { authorization: options.authorization } : {},
    });
  const emailsTo = (to: string) =>
    t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)).orderBy(emailOutbox.createdAt);
  const passOf = async (id: string) =>
    (await t.db.select().from(issuedPasses).where(eq(issuedPasses.id, id)))[0]!;
  const subscriptionOf = async (passId: string) => {
    const { subscriptionRef } = await passOf(passId);
    return (await t.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionRef!)))[0]!;
  };
  /** A guest buys the monthly pass: the incomplete pass, then its checkout page. */
  const buyMonthly = async (email: string, authorization?: string) => {
    const issued = await t.request('guests', {
      method: 'POST',
      url: '/api/v1/permits/checkout/guest/paid/incomplete',
      headers: authorization ? { authorization } : {},
      payload: {
        permitProductUUID: await productId('Monthly garage'),
        subdomain: 'guests',
        email,
        fullname: 'Gus Guest',
        holderName: 'Gus Guest',
        date: t.clock.now().toISOString(),
        vehicle,
      },
    });
    expect(issued.json()).toMatchObject({ paidStatus: 'incomplete', outcome: 'payment' });
    const passId = issued.json().permitIssuedUUID as string;
    const checkout = await t.request('guests', {
      method: 'GET',
      url: `/api/v1/portal/permit/guestcheckout/${passId}/subdomain/guests`,
    });
    expect(checkout.statusCode).toBe(200);
    return { passId, checkoutURL: checkout.json().checkoutURL as string };
  };
  return { productId, cancel, emailsTo, passOf, subscriptionOf, buyMonthly };
};

const canceledEmails = <Email extends { subject: string }>(emails: Email[]) =>
  emails.filter((email) => email.subject === passMessages.emailCanceledSubject);

describe('cancel on the sandbox provider', () => {
  const t = useTestApp({ seed: seed() });
  const h = helpers(t);

  async function buyAndPay(email: string, authorization?: string) {
    const { passId, checkoutURL } = await h.buyMonthly(email, authorization);
    const path = new URL(checkoutURL).pathname;
    const page = await t.request('guests', { method: 'GET', url: path });
    // The checkout says what is charged and how often.
    expect(page.body).toContain('$75.00 / month');
    const paid = await submitSandboxCheckout(t, 'guests', path);
    expect(paid.statusCode).toBe(303);
    expect(await h.passOf(passId)).toMatchObject({ paidStatus: 'paid' });
    return passId;
  }

  it('lets a guest cancel a recurring pass by its uuid: renewal stops, one email, a double click changes nothing more', async () => {
    const passId = await buyAndPay('gus@guests.example');
    const permit = await t.request('guests', {
      method: 'GET',
      url: `/api/v1/portal/customer/permit/${passId}`,
    });
    expect(permit.json()).toMatchObject({ isRecurring: true, isRenewing: true, billingPeriod: 'MONTH' });

    const clicks = await Promise.all([h.cancel(passId), h.cancel(passId)]);
    expect(clicks.map((click) => click.statusCode)).toEqual([200, 200]);
    // Both clicks cancel; the one that did not hold the stop may answer before the provider has
    // stopped the renewal, so the pass is read again once both are done.
    for (const click of clicks) expect(click.json()).toMatchObject({ paidStatus: 'canceled' });
    const after = await t.request('guests', {
      method: 'GET',
      url: `/api/v1/portal/customer/permit/${passId}`,
    });
    expect(after.json()).toMatchObject({ paidStatus: 'canceled', isRenewing: false });
    expect(await h.subscriptionOf(passId)).toMatchObject({ cancelAtPeriodEnd: true, stopClaimedUntil: null });

    const emails = canceledEmails(await h.emailsTo('gus@guests.example'));
    expect(emails).toHaveLength(1);
    const paragraphs = emails[0]!.content.paragraphs.join('\n');
    expect(paragraphs).toContain('Monthly garage');
    expect(paragraphs).toContain(passMessages.emailCanceledRenewalStopped);
    expect(emails[0]!.content.action?.url).toContain(`/permit/issued/${passId}/receipt`);

    // Again later: still one email.
    expect((await h.cancel(passId)).statusCode).toBe(200);
    expect(canceledEmails(await h.emailsTo('gus@guests.example'))).toHaveLength(1);
  });

  it("lets a signed-in standard customer cancel their own recurring pass, and nobody else's", async () => {
    const sue = await signIn(t, 'guests', 'sue@guests.example');
    const passId = await buyAndPay('sue@guests.example', sue);
    const stranger = await buyAndPay('stranger@guests.example');
    // A token narrows what the uuid allows: someone else's pass is a 404 to Sue's account.
    expect((await h.cancel(stranger, { authorization: sue })).statusCode).toBe(404);
    expect((await h.passOf(stranger)).paidStatus).toBe('paid');

    expect((await h.cancel(passId, { authorization: sue })).json()).toMatchObject({ paidStatus: 'canceled' });
    expect((await h.subscriptionOf(passId)).cancelAtPeriodEnd).toBe(true);
    expect(canceledEmails(await h.emailsTo('sue@guests.example'))).toHaveLength(1);
  });

  it('confirms the cancel of a one-time pass without promising anything about renewal', async () => {
    const issued = await t.request('guests', {
      method: 'POST',
      url: '/api/v1/permits/checkout/guest/free',
      payload: {
        permitProductUUID: await h.productId('Day pass'),
        subdomain: 'guests',
        email: 'day@guests.example',
        fullname: 'Dee Day',
        date: t.clock.now().toISOString(),
        vehicle,
      },
    });
    const passId = issued.json().permitIssuedUUID as string;
    expect((await h.cancel(passId)).json()).toMatchObject({ paidStatus: 'canceled', isRenewing: false });
    const [email, ...more] = canceledEmails(await h.emailsTo('day@guests.example'));
    expect(more).toHaveLength(0);
    expect(email!.content.paragraphs.join('\n')).not.toContain(passMessages.emailCanceledRenewalStopped);
  });

  it("answers 404 for another tenant's pass or an unknown uuid, 400 for a malformed one, and writes nothing", async () => {
    const passId = await buyAndPay('cross@guests.example');
    expect((await h.cancel(passId, { host: 'strangers' })).statusCode).toBe(404);
    expect((await h.cancel('6f0c3a52-9d1e-4b7a-8c2f-1e2d3c4b5a69')).statusCode).toBe(404);
    expect((await h.cancel('not-a-uuid')).statusCode).toBe(400);
    expect((await h.passOf(passId)).paidStatus).toBe('paid');
    expect((await h.subscriptionOf(passId)).cancelAtPeriodEnd).toBe(false);
    expect(canceledEmails(await h.emailsTo('cross@guests.example'))).toHaveLength(0);
  });
});

describe('cancel on Stripe', () => {
  const stripe = useStripeStandIn();
  const t = useTestApp(() => ({ env: stripeEnv(stripe), seed: seed() }));
  const h = helpers(t);

  /** A paid monthly pass whose subscription Stripe has started (as its first invoice.paid says). */
  async function startedPass(email: string, providerSubscriptionId: string) {
    const { passId } = await h.buyMonthly(email);
    const { subscriptionRef } = await h.passOf(passId);
    await t.db
      .update(subscriptions)
      .set({ providerSubscriptionId, status: 'active', startedAt: t.clock.now() })
      .where(eq(subscriptions.id, subscriptionRef!));
    await t.db
      .update(issuedPasses)
      .set({ paidStatus: 'paid', reservedUntil: null })
      .where(eq(issuedPasses.id, passId));
    return { passId, subscriptionRef: subscriptionRef! };
  }
  const stopsOf = (providerSubscriptionId: string) =>
    stripe.received.filter((request) => request.path === `/v1/subscriptions/${providerSubscriptionId}`);

  it('asks Stripe once, at period end and keyed by our subscription, for two clicks at once', async () => {
    const { passId, subscriptionRef } = await startedPass('stripe@guests.example', 'sub_guest_1');
    await Promise.all([h.cancel(passId), h.cancel(passId)]);
    const stops = stopsOf('sub_guest_1');
    expect(stops).toHaveLength(1);
    expect(stops[0]).toMatchObject({ method: 'POST' });
    expect(Object.fromEntries(stops[0]!.form)).toEqual({ cancel_at_period_end: 'true' });
    expect(stops[0]!.headers['idempotency-key']).toBe(`cancel-${subscriptionRef}`);
    expect(canceledEmails(await h.emailsTo('stripe@guests.example'))).toHaveLength(1);
  });

  it('emails nothing while Stripe is down, and stops and confirms on the next try', async () => {
    const { passId } = await startedPass('retry@guests.example', 'sub_guest_2');
    const failed = await stripe.whileDown(() => h.cancel(passId));
    expect(failed.statusCode).toBe(502);
    expect((await h.passOf(passId)).paidStatus).toBe('canceled');
    expect(canceledEmails(await h.emailsTo('retry@guests.example'))).toHaveLength(0);
    const sub = await t.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.providerSubscriptionId, 'sub_guest_2')));
    expect(sub[0]).toMatchObject({ cancelAtPeriodEnd: false, stopClaimedUntil: null });
    // The pass says it still renews, so the edit page offers Cancel Permit again.
    const permit = await t.request('guests', {
      method: 'GET',
      url: `/api/v1/portal/customer/permit/${passId}`,
    });
    expect(permit.json()).toMatchObject({ paidStatus: 'canceled', isRenewing: true });

    expect((await h.cancel(passId)).statusCode).toBe(200);
    expect(stopsOf('sub_guest_2').filter((request) => request.method === 'POST').length).toBeGreaterThan(1);
    expect(canceledEmails(await h.emailsTo('retry@guests.example'))).toHaveLength(1);
  });
});
