import { and, eq, sql } from 'drizzle-orm';
import { bannerKindFor, computeAmountDue } from '../../../shared/rules';
import type { Transaction } from '../../db/client';
import {
  type CitationRow,
  citations,
  type PaymentSessionRow,
  paymentPlanInstalments,
  paymentPlans,
  tenants,
} from '../../db/schema';
import { chargedForSubject, type FulfilmentResult } from '../payments';
import { enqueuePlanEmail } from './plan-emails';
import { findInstalments } from './plan-view';

/** A notice row's fields as the amount rules read them. */
export const amountFieldsOf = (row: CitationRow) => ({
  ...row,
  createdOn: row.createdOn.toISOString(),
  datePaid: row.datePaid?.toISOString() ?? null,
  voidDate: row.voidDate?.toISOString() ?? null,
  paymentStatus: row.paymentStatus as 'Open',
});

/** Locks a notice row; the plan's and the payment's changes to it wait on the same lock. */
export async function lockCitation(tx: Transaction, tenantId: string, citationId: string) {
  const [row] = await tx
    .select()
    .from(citations)
    .where(and(eq(citations.tenantId, tenantId), eq(citations.id, citationId)))
    .for('update');
  return row ?? null;
}

/**
 * The first instalment's checkout was paid: the plan comes into force, if at that moment the
 * notice can still be paid, has no other plan in force, and costs what the plan was made for.
 * The notice row is locked first (as every payment of it does), then the plan. Otherwise the
 * payment is refunded by the caller, as for any notice checkout (decision 080).
 */
export async function fulfilPlanPayment(
  tx: Transaction,
  session: PaymentSessionRow,
  paidAt: Date,
): Promise<FulfilmentResult> {
  const [found] = await tx
    .select({ citationId: paymentPlans.citationId })
    .from(paymentPlans)
    .where(and(eq(paymentPlans.id, session.subjectId), eq(paymentPlans.tenantId, session.tenantId)));
  if (!found) return 'not-payable';
  const notice = await lockCitation(tx, session.tenantId, found.citationId);
  if (!notice) return 'not-payable';
  const [plan] = await tx
    .select()
    .from(paymentPlans)
    .where(eq(paymentPlans.id, session.subjectId))
    .for('update');
  if (!plan) return 'not-payable';
  if (plan.status !== 'pending') return 'already-paid';
  const [tenant] = await tx
    .select({ timezone: tenants.timezone })
    .from(tenants)
    .where(eq(tenants.id, session.tenantId));
  const fields = amountFieldsOf(notice);
  const { amountDue } = computeAmountDue(fields, paidAt, tenant?.timezone ?? 'UTC');
  const banner = bannerKindFor(fields, amountDue);
  if (banner === 'paid') return 'already-paid';
  if (banner !== 'payable') return 'not-payable';
  const [inForce] = await tx
    .select({ id: paymentPlans.id })
    .from(paymentPlans)
    .where(
      and(
        eq(paymentPlans.citationId, notice.id),
        sql`${paymentPlans.status} IN ('active', 'defaulted', 'completed')`,
      ),
    );
  if (inForce) return 'already-paid';
  const instalments = await findInstalments(tx, plan.id);
  const first = instalments[0];
  if (!first || amountDue !== plan.noticeAmount || first.amount !== chargedForSubject(session)) {
    return 'amount-changed';
  }
  const [active] = await tx
    .update(paymentPlans)
    .set({ status: 'active', activatedAt: paidAt, checkoutSessionId: session.id })
    .where(eq(paymentPlans.id, plan.id))
    .returning();
  const [paid] = await tx
    .update(paymentPlanInstalments)
    .set({
      status: 'paid',
      attempts: 1,
      paidAt,
      providerPaymentId: session.providerPaymentId,
      receiptUrl: session.receiptUrl,
      nextAttemptAt: null,
    })
    .where(eq(paymentPlanInstalments.id, first.id))
    .returning();
  // The later ones are charged by the sweep from the start of their tenant-local date.
  await tx
    .update(paymentPlanInstalments)
    .set({ nextAttemptAt: sql`${paymentPlanInstalments.dueAt}` })
    .where(and(eq(paymentPlanInstalments.planId, plan.id), eq(paymentPlanInstalments.status, 'due')));
  await tx
    .update(citations)
    .set({ paidTotal: sql`coalesce(${citations.paidTotal}, 0) + ${session.amount}` })
    .where(eq(citations.id, notice.id));
  await enqueuePlanEmail(tx, {
    plan: active!,
    email: {
      kind: 'receipt',
      instalment: paid!,
      next: instalments[1] ?? null,
      remaining: plan.total - first.amount,
    },
    now: paidAt,
  });
  return 'fulfilled';
}
