import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { citations, type PaymentSessionRow } from '../../db/schema';

/**
 * A paid checkout of a notice marks it Paid. The date_paid guard keeps the first payment's
 * record when a second checkout of the same notice is also paid (two tabs): that money is
 * reported in the log for a refund rather than overwriting the first.
 */
export async function fulfilCitationPayment(
  tx: Transaction,
  session: PaymentSessionRow,
  paidAt: Date,
): Promise<'fulfilled' | 'already-paid'> {
  const updated = await tx
    .update(citations)
    .set({
      paymentStatus: 'Paid',
      datePaid: paidAt,
      paidTotal: sql`coalesce(${citations.paidTotal}, 0) + ${session.amount}`,
      receiptUrl: session.receiptUrl,
    })
    .where(
      and(
        eq(citations.id, session.subjectId),
        eq(citations.tenantId, session.tenantId),
        isNull(citations.datePaid),
      ),
    )
    .returning({ id: citations.id });
  return updated.length === 1 ? 'fulfilled' : 'already-paid';
}
