import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import {
  sandboxCards,
  sandboxPaymentMethods,
  sandboxPortalSessions,
  sandboxSubscriptions,
} from '../../db/schema';
import { type PaymentGateway, PaymentProviderError, type SavedCard, WebhookRejectedError } from './port';
import { cancelSandboxSubscriptionAtPeriodEnd } from './sandbox-subscriptions';

/** How long a sandbox portal link works, like Stripe's short-lived billing portal sessions. */
export const SANDBOX_PORTAL_LIFETIME_MS = 5 * 60_000;

export const SANDBOX_CHECKOUT_PATH = '/sandbox/checkout';
export const SANDBOX_PORTAL_PATH = '/sandbox/portal';
export const SANDBOX_RECEIPT_PATH = '/sandbox/receipt';
/** Where the sandbox shows the receipt of an off-session charge (a plan's later instalment). */
export const SANDBOX_CHARGE_RECEIPT_PATH = '/sandbox/charge';

export const randomId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/**
 * The built-in provider for development, tests and demos: its checkout and customer portal are
 * pages of this very server (sandbox-routes.ts), on the tenant's own host, so they need no
 * network. It never charges; paying there drives the same PaymentEvent as a Stripe webhook.
 */
export function createSandboxGateway(options: { db: Database; clock: Clock }): PaymentGateway {
  const { db, clock } = options;
  return {
    provider: 'sandbox',

    async createCheckoutSession(request) {
      const providerSessionId = randomId('sbx_cs');
      // The page lives on the host the browser returns to, so it carries the tenant's brand.
      const url = new URL(`${SANDBOX_CHECKOUT_PATH}/${providerSessionId}`, request.successUrl);
      return { providerSessionId, url: url.toString() };
    },

    async createSubscriptionCheckout(request) {
      const providerSessionId = randomId('sbx_cs');
      // The provider's side of the subscription, started when the checkout page is paid.
      await db.insert(sandboxSubscriptions).values({
        id: randomId('sbx_sub'),
        providerSessionId,
        subscriptionId: request.subscriptionId,
        amount: request.lineItems.reduce((total, item) => total + item.amount, 0),
        interval: request.period.interval,
        intervalCount: request.period.count,
      });
      const url = new URL(`${SANDBOX_CHECKOUT_PATH}/${providerSessionId}`, request.successUrl);
      return { providerSessionId, url: url.toString() };
    },

    async cancelSubscriptionAtPeriodEnd({ providerSubscriptionId }) {
      const isKnown = await db.transaction((tx) =>
        cancelSandboxSubscriptionAtPeriodEnd(tx, providerSubscriptionId),
      );
      if (!isKnown) throw new PaymentProviderError(`No such sandbox subscription: ${providerSubscriptionId}`);
    },

    async createCustomer() {
      return randomId('sbx_cus');
    },

    async createPortalSession({ providerCustomerId, returnUrl }) {
      const [session] = await db
        .insert(sandboxPortalSessions)
        .values({
          providerCustomerId,
          returnUrl,
          expiresAt: new Date(clock.now().getTime() + SANDBOX_PORTAL_LIFETIME_MS),
        })
        .returning({ id: sandboxPortalSessions.id });
      return new URL(`${SANDBOX_PORTAL_PATH}/${session!.id}`, returnUrl).toString();
    },

    async listCards(providerCustomerId): Promise<SavedCard[]> {
      return db
        .select({
          brand: sandboxCards.brand,
          last4: sandboxCards.last4,
          expMonth: sandboxCards.expMonth,
          expYear: sandboxCards.expYear,
        })
        .from(sandboxCards)
        .where(eq(sandboxCards.providerCustomerId, providerCustomerId))
        .orderBy(sandboxCards.createdAt);
    },

    async refund() {
      // Nothing was charged, so there is nothing to give back: the refund is only recorded.
      return { refundId: randomId('sbx_re') };
    },

    async findReceiptUrl() {
      // Sandbox payments carry their receipt address in the event itself.
      return null;
    },

    async findSavedPaymentMethod(providerPaymentId) {
      // Saved by the sandbox checkout page when a plan's first instalment was paid (pay-sandbox-checkout.ts).
      const [method] = await db
        .select({ id: sandboxPaymentMethods.id })
        .from(sandboxPaymentMethods)
        .where(eq(sandboxPaymentMethods.providerPaymentId, providerPaymentId));
      return method ? { providerCustomerId: null, paymentMethodId: method.id } : null;
    },

    async chargeSavedPaymentMethod({ method }) {
      const [saved] = await db
        .select()
        .from(sandboxPaymentMethods)
        .where(eq(sandboxPaymentMethods.id, method.paymentMethodId));
      if (!saved) return { status: 'failed', message: 'No such payment method.' };
      // 4000 0000 0000 0341 is accepted at checkout and declined afterwards, as at Stripe.
      if (saved.declinesOffSession) return { status: 'failed', message: 'Your card was declined.' };
      return { status: 'succeeded', providerPaymentId: randomId('sbx_pi'), receiptUrl: null };
    },

    readWebhook() {
      throw new WebhookRejectedError('The sandbox payment provider sends no webhooks.');
    },
  };
}
