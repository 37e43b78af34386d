import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { type PaymentSessionRow, subscriptions } from '../../db/schema';

/**
 * A paid subscription checkout (purpose 'subscription', subject: the subscription) starts the
 * subscription. Its periods are counted by the paid invoices that follow (or came first: Stripe
 * does not promise the order), each through the subscription purpose's own fulfilment.
 */
export async function fulfilSubscriptionCheckout(
  tx: Transaction,
  session: PaymentSessionRow,
  paidAt: Date,
): Promise<'fulfilled' | 'already-paid'> {
  await tx
    .update(subscriptions)
    .set({ status: 'active', startedAt: paidAt })
    .where(
      and(
        eq(subscriptions.id, session.subjectId),
        eq(subscriptions.tenantId, session.tenantId),
        eq(subscriptions.status, 'incomplete'),
      ),
    );
  // One checkout per subscription: there is no second payment of it to refund.
  return 'fulfilled';
}
