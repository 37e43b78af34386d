import { and, eq, inArray } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { paymentPlanInstalments, paymentPlans } from '../../db/schema';
import { findNoticePlan, type PlanWithInstalments } from './plan-view';

/**
 * The notice's plan in force or last ended, locked with its instalments, for a change made with
 * the notice row already locked (a payment, a void, the sweep): the notice's lock comes first.
 */
export async function lockNoticePlan(
  tx: Transaction,
  tenantId: string,
  citationId: string,
): Promise<PlanWithInstalments | null> {
  return findNoticePlan(tx, tenantId, citationId, { forUpdate: true });
}

/** The rest was paid in full at once: the instalments still due are settled and the plan completed. */
export async function settlePlanInFull(tx: Transaction, planId: string, paidAt: Date): Promise<void> {
  await tx
    .update(paymentPlanInstalments)
    .set({ status: 'paid_off', paidAt, nextAttemptAt: null, claimedUntil: null })
    .where(and(eq(paymentPlanInstalments.planId, planId), eq(paymentPlanInstalments.status, 'due')));
  await tx
    .update(paymentPlans)
    .set({ status: 'completed', endedAt: paidAt })
    .where(eq(paymentPlans.id, planId));
}

/**
 * Ends a plan before its instalments are all charged: 'canceled' when its notice was voided,
 * 'defaulted' when an instalment stayed unpaid past the grace period. What was not charged is
 * never charged.
 */
export async function endPlan(
  tx: Transaction,
  planId: string,
  status: 'canceled' | 'defaulted',
  now: Date,
): Promise<void> {
  await tx
    .update(paymentPlanInstalments)
    .set({ status: 'canceled', nextAttemptAt: null, claimedUntil: null })
    .where(
      and(
        eq(paymentPlanInstalments.planId, planId),
        inArray(paymentPlanInstalments.status, ['due', 'charging']),
      ),
    );
  await tx.update(paymentPlans).set({ status, endedAt: now }).where(eq(paymentPlans.id, planId));
}

/** A voided notice's plan in force is cancelled with it (called with the notice row locked). */
export async function cancelPlanOfVoidedNotice(
  tx: Transaction,
  tenantId: string,
  citationId: string,
  now: Date,
): Promise<void> {
  const found = await lockNoticePlan(tx, tenantId, citationId);
  if (found?.plan.status === 'active') await endPlan(tx, found.plan.id, 'canceled', now);
}
