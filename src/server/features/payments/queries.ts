import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import type { PaymentProviderName, RefundReason } from '../../db/schema';
import { type PaymentSessionRow, paymentEvents, paymentSessions } from '../../db/schema';

export async function insertPaymentSession(
  db: Database,
  values: typeof paymentSessions.$inferInsert,
): Promise<PaymentSessionRow> {
  const [row] = await db.insert(paymentSessions).values(values).returning();
  return row!;
}

/** The session a provider event is about, locked so concurrent events for it queue up. */
export async function lockSessionByProviderId(
  tx: Transaction,
  provider: PaymentProviderName,
  providerSessionId: string,
): Promise<PaymentSessionRow | null> {
  const [row] = await tx
    .select()
    .from(paymentSessions)
    .where(
      and(eq(paymentSessions.provider, provider), eq(paymentSessions.providerSessionId, providerSessionId)),
    )
    .for('update');
  return row ?? null;
}

export async function findSessionByProviderId(
  db: Database,
  provider: PaymentProviderName,
  providerSessionId: string,
): Promise<PaymentSessionRow | null> {
  const [row] = await db
    .select()
    .from(paymentSessions)
    .where(
      and(eq(paymentSessions.provider, provider), eq(paymentSessions.providerSessionId, providerSessionId)),
    );
  return row ?? null;
}

/** Records an event; false when it was recorded before (a redelivery), which is then ignored. */
export async function recordEventOnce(
  tx: Transaction,
  values: typeof paymentEvents.$inferInsert,
): Promise<boolean> {
  const inserted = await tx
    .insert(paymentEvents)
    .values(values)
    .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
    .returning({ eventId: paymentEvents.eventId });
  return inserted.length === 1;
}

export async function markSessionPaid(
  tx: Transaction,
  sessionId: string,
  paidAt: Date,
  receiptUrl: string | null,
  providerPaymentId: string | null,
): Promise<void> {
  await tx
    .update(paymentSessions)
    .set({
      status: 'paid',
      paidAt,
      providerPaymentId,
      receiptUrl: sql`coalesce(${receiptUrl}, ${paymentSessions.receiptUrl})`,
    })
    .where(eq(paymentSessions.id, sessionId));
}

export async function markSessionExpired(tx: Transaction, sessionId: string): Promise<void> {
  await tx
    .update(paymentSessions)
    .set({ status: 'expired' })
    .where(and(eq(paymentSessions.id, sessionId), eq(paymentSessions.status, 'open')));
}

/**
 * Records the refund of a paid session (or of one whose refund failed before and was retried);
 * a repeated refund changes nothing.
 */
export async function markSessionRefunded(
  db: Database,
  sessionId: string,
  refundId: string,
  reason: RefundReason,
  refundedAt: Date,
): Promise<void> {
  await db
    .update(paymentSessions)
    .set({
      status: 'refunded',
      refundId,
      refundedAt,
      refundError: null,
      refundReason: reason,
      refundedAmount: sql`${paymentSessions.amount}`,
    })
    .where(
      and(eq(paymentSessions.id, sessionId), inArray(paymentSessions.status, ['paid', 'refund_failed'])),
    );
}

/** Marks a payment whose refund failed, with the error and why it was due, for the operator to settle. */
export async function markSessionRefundFailed(
  db: Database,
  sessionId: string,
  error: string,
  reason: RefundReason,
  failedAt: Date,
): Promise<void> {
  await db
    .update(paymentSessions)
    .set({
      status: 'refund_failed',
      refundError: error.slice(0, 1000),
      refundFailedAt: failedAt,
      refundReason: reason,
    })
    .where(and(eq(paymentSessions.id, sessionId), eq(paymentSessions.status, 'paid')));
}

export async function findSessionById(db: Database, sessionId: string): Promise<PaymentSessionRow | null> {
  const [row] = await db.select().from(paymentSessions).where(eq(paymentSessions.id, sessionId));
  return row ?? null;
}
