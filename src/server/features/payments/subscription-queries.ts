import { and, eq, or, sql } from 'drizzle-orm';
import type { SubscriptionInvoice } from '../../adapters/payments/port';
import type { Database, Transaction } from '../../db/client';
import {
  type PaymentProviderName,
  type SubscriptionRow,
  subscriptionInvoices,
  subscriptions,
} from '../../db/schema';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The subscription an event is about, locked so its events queue up: by our id (the metadata
 * every provider event carries) or else by the provider's subscription id.
 */
export async function lockSubscriptionForEvent(
  tx: Transaction,
  provider: PaymentProviderName,
  ids: { subscriptionId: string | null; providerSubscriptionId: string },
): Promise<SubscriptionRow | null> {
  const byOurId =
    ids.subscriptionId && UUID.test(ids.subscriptionId)
      ? eq(subscriptions.id, ids.subscriptionId)
      : undefined;
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, provider),
        or(byOurId, eq(subscriptions.providerSubscriptionId, ids.providerSubscriptionId)),
      ),
    )
    .for('update');
  return row ?? null;
}

/** Records a paid invoice; false when it was recorded before (another event for the same invoice). */
export async function recordInvoiceOnce(
  tx: Transaction,
  values: {
    provider: PaymentProviderName;
    subscriptionId: string;
    invoice: SubscriptionInvoice;
    paidAt: Date;
  },
): Promise<boolean> {
  const inserted = await tx
    .insert(subscriptionInvoices)
    .values({
      provider: values.provider,
      providerInvoiceId: values.invoice.providerInvoiceId,
      subscriptionId: values.subscriptionId,
      amount: values.invoice.amount,
      periodEnd: values.invoice.periodEnd,
      receiptUrl: values.invoice.receiptUrl,
      paidAt: values.paidAt,
    })
    .onConflictDoNothing()
    .returning({ id: subscriptionInvoices.providerInvoiceId });
  return inserted.length === 1;
}

export async function updateSubscription(
  tx: Transaction,
  id: string,
  values: Partial<typeof subscriptions.$inferInsert>,
): Promise<SubscriptionRow> {
  const [row] = await tx.update(subscriptions).set(values).where(eq(subscriptions.id, id)).returning();
  return row!;
}

/** A period paid: the subscription runs to the later of its period end and the invoice's. */
export async function extendSubscription(
  tx: Transaction,
  subscription: SubscriptionRow,
  values: { providerSubscriptionId: string; periodEnd: Date; paidAt: Date },
): Promise<SubscriptionRow> {
  const [row] = await tx
    .update(subscriptions)
    .set({
      providerSubscriptionId: values.providerSubscriptionId,
      // An invoice paid after the end (a late event) keeps the subscription's ended state.
      status: subscription.status === 'canceled' ? 'canceled' : 'active',
      currentPeriodEnd: sql`greatest(${subscriptions.currentPeriodEnd}, ${values.periodEnd.toISOString()}::timestamptz)`,
      startedAt: subscription.startedAt ?? values.paidAt,
      lastPaymentFailedAt: null,
    })
    .where(eq(subscriptions.id, subscription.id))
    .returning();
  return row!;
}

export async function findSubscription(
  db: Database,
  tenantId: string,
  subscriptionId: string,
): Promise<SubscriptionRow | null> {
  if (!UUID.test(subscriptionId)) return null;
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.tenantId, tenantId)));
  return row ?? null;
}
