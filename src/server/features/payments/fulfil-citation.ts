import { and, eq, sql } from 'drizzle-orm';
import { bannerKindFor, computeAmountDue } from '../../../shared/rules';
import type { Transaction } from '../../db/client';
import { citations, type PaymentSessionRow, tenants } from '../../db/schema';
import { creditOfDefaultedPlan, lockNoticePlan, remainingOnPlan, settlePlanInFull } from '../payment-plans';
import type { FulfilmentResult } from './fulfilments';

/** What the notice's own line of a checkout charged, without the fee lines. */
export const chargedForSubject = (session: PaymentSessionRow) =>
  session.amount - session.processingFee - session.serviceFee;

/**
 * A paid checkout of a notice marks it Paid, but only if, at the moment of payment, the notice
 * can still be paid for exactly what was charged. The notice row is locked first, so an operator
 * voiding it or overriding its amount waits for this (or this waits for them). Otherwise:
 * - already paid (a second tab's checkout): 'already-paid';
 * - voided, archived, paid off platform, or gone: 'not-payable';
 * - its amount due differs from what was charged (an override, a late tier crossed while the
 *   checkout was open): 'amount-changed'. The notice is never settled for less than it owes:
 *   the payment is refunded in full and the notice stays open at its current amount
 *   (decision record 080).
 * Each non-fulfilment is refunded by the caller and recorded with its reason.
 */
export async function fulfilCitationPayment(
  tx: Transaction,
  session: PaymentSessionRow,
  paidAt: Date,
): Promise<FulfilmentResult> {
  const [row] = await tx
    .select()
    .from(citations)
    .where(and(eq(citations.id, session.subjectId), eq(citations.tenantId, session.tenantId)))
    .for('update');
  if (!row) return 'not-payable';
  const [tenant] = await tx
    .select({ timezone: tenants.timezone })
    .from(tenants)
    .where(eq(tenants.id, session.tenantId));
  const fields = {
    ...row,
    createdOn: row.createdOn.toISOString(),
    datePaid: row.datePaid?.toISOString() ?? null,
    voidDate: row.voidDate?.toISOString() ?? null,
    paymentStatus: row.paymentStatus as 'Open',
  };
  const computed = computeAmountDue(fields, paidAt, tenant?.timezone ?? 'UTC');
  const banner = bannerKindFor(fields, computed.amountDue);
  if (banner === 'paid') return 'already-paid';
  if (banner !== 'payable') return 'not-payable';
  // A notice on a payment plan (issue 31) owes what the plan has left; after a default, its
  // tiers less what the plan paid towards it.
  const plan = await lockNoticePlan(tx, session.tenantId, row.id);
  let amountDue = computed.amountDue;
  if (plan?.plan.status === 'active') {
    // An instalment being charged right now may or may not be taken: pay the rest after it.
    if (plan.instalments.some((instalment) => instalment.status === 'charging')) return 'not-payable';
    amountDue = remainingOnPlan(plan.instalments);
  } else if (plan?.plan.status === 'defaulted') {
    amountDue = Math.max(0, amountDue - creditOfDefaultedPlan(plan));
  }
  if (amountDue !== chargedForSubject(session)) return 'amount-changed';
  if (plan?.plan.status === 'active') await settlePlanInFull(tx, plan.plan.id, paidAt);
  await tx
    .update(citations)
    .set({
      paymentStatus: 'Paid',
      datePaid: paidAt,
      paidTotal: sql`coalesce(${citations.paidTotal}, 0) + ${session.amount}`,
      receiptUrl: session.receiptUrl,
    })
    .where(eq(citations.id, row.id));
  return 'fulfilled';
}
