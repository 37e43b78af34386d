import { type PaymentGateway, PaymentProviderError } from '../../adapters/payments/port';
import type { Database } from '../../db/client';
import type { SubscriptionRow } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { paymentUnavailable } from './start-checkout';
import { findSubscription, updateSubscription } from './subscription-queries';

/**
 * Stops a subscription from renewing: it runs to the end of the paid period, and the provider's
 * canceled event then ends it (handle-payment-event.ts). Asking twice changes nothing.
 */
export async function cancelSubscriptionAtPeriodEnd(options: {
  db: Database;
  gateway: PaymentGateway;
  tenantId: string;
  subscriptionId: string;
  log?: { error(object: unknown, message: string): void };
}): Promise<SubscriptionRow> {
  const subscription = await findSubscription(options.db, options.tenantId, options.subscriptionId);
  if (!subscription) throw notFound('Subscription');
  if (subscription.status === 'canceled' || subscription.cancelAtPeriodEnd) return subscription;
  if (!subscription.providerSubscriptionId) {
    throw new AppError(409, 'subscription_not_started', 'The subscription has not started yet.');
  }
  try {
    await options.gateway.cancelSubscriptionAtPeriodEnd({
      providerSubscriptionId: subscription.providerSubscriptionId,
      key: subscription.id,
    });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    options.log?.error({ err: error, subscriptionId: subscription.id }, 'could not cancel a subscription');
    throw paymentUnavailable();
  }
  return options.db.transaction((tx) => updateSubscription(tx, subscription.id, { cancelAtPeriodEnd: true }));
}
