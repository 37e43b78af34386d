import { and, eq, isNull, lt, ne, or } from 'drizzle-orm';
import { type PaymentGateway, PaymentProviderError } from '../../adapters/payments/port';
import type { Database, Transaction } from '../../db/client';
import { type SubscriptionRow, subscriptions } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { paymentUnavailable } from './start-checkout';
import { findSubscription, updateSubscription } from './subscription-queries';

/** How long one request holds the right to ask the provider; longer than the SDK's timeout and retries. */
export const STOP_CLAIM_MS = 2 * 60_000;

/** True when the provider still renews this subscription and has not been told to stop. */
export function isRenewing(subscription: SubscriptionRow): boolean {
  return subscription.status !== 'canceled' && !subscription.cancelAtPeriodEnd;
}

/**
 * Claims the stop: of several requests at once exactly one gets the row back and asks the
 * provider (decision 178); a claim left by a request that died lapses after STOP_CLAIM_MS.
 */
async function claimStop(db: Database, subscription: SubscriptionRow, now: Date): Promise<boolean> {
  const claimed = await db
    .update(subscriptions)
    .set({ stopClaimedUntil: new Date(now.getTime() + STOP_CLAIM_MS) })
    .where(
      and(
        eq(subscriptions.id, subscription.id),
        eq(subscriptions.cancelAtPeriodEnd, false),
        ne(subscriptions.status, 'canceled'),
        or(isNull(subscriptions.stopClaimedUntil), lt(subscriptions.stopClaimedUntil, now)),
      ),
    )
    .returning({ id: subscriptions.id });
  return claimed.length === 1;
}

/**
 * Stops a subscription from renewing: it runs to the end of the paid period, and the provider's
 * canceled event then ends it (handle-payment-event.ts). The provider is asked once however many
 * requests arrive together; asking again after the stop changes nothing. `onStopped` runs in the
 * transaction that records the stop (a confirmation email sent exactly once, and only if true).
 */
export async function cancelSubscriptionAtPeriodEnd(options: {
  db: Database;
  gateway: PaymentGateway;
  tenantId: string;
  subscriptionId: string;
  now: Date;
  onStopped?: (tx: Transaction) => Promise<void>;
  log?: { error(object: unknown, message: string): void };
}): Promise<SubscriptionRow> {
  const { db } = options;
  const subscription = await findSubscription(db, options.tenantId, options.subscriptionId);
  if (!subscription) throw notFound('Subscription');
  if (!isRenewing(subscription)) return subscription;
  if (!subscription.providerSubscriptionId) {
    throw new AppError(409, 'subscription_not_started', 'The subscription has not started yet.');
  }
  if (!(await claimStop(db, subscription, options.now))) return subscription;
  try {
    await options.gateway.cancelSubscriptionAtPeriodEnd({
      providerSubscriptionId: subscription.providerSubscriptionId,
      key: subscription.id,
    });
  } catch (error) {
    await releaseStopClaim(db, subscription.id);
    if (!(error instanceof PaymentProviderError)) throw error;
    options.log?.error({ err: error, subscriptionId: subscription.id }, 'could not cancel a subscription');
    throw paymentUnavailable();
  }
  return db.transaction(async (tx) => {
    const stopped = await updateSubscription(tx, subscription.id, {
      cancelAtPeriodEnd: true,
      stopClaimedUntil: null,
    });
    await options.onStopped?.(tx);
    return stopped;
  });
}

/** Gives the claim back after a failed call, so the next try needs not wait for it to lapse. */
const releaseStopClaim = (db: Database, id: string) =>
  db.update(subscriptions).set({ stopClaimedUntil: null }).where(eq(subscriptions.id, id));
