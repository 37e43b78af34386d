import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { sandboxCards, sandboxPortalSessions } from '../../db/schema';
import { type PaymentGateway, type SavedCard, WebhookRejectedError } from './port';

/** How long a sandbox portal link works, like Stripe's short-lived billing portal sessions. */
export const SANDBOX_PORTAL_LIFETIME_MS = 5 * 60_000;

export const SANDBOX_CHECKOUT_PATH = '/sandbox/checkout';
export const SANDBOX_PORTAL_PATH = '/sandbox/portal';
export const SANDBOX_RECEIPT_PATH = '/sandbox/receipt';

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

    readWebhook() {
      throw new WebhookRejectedError('The sandbox payment provider sends no webhooks.');
    },
  };
}
