import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import type {
  Citation,
  PaymentPlan,
  PaymentPlanOffer,
  PaymentPlanStanding,
  PlanInstalment,
} from '../../../shared/contract';
import { calendarDateAfter } from '../../../shared/format/dates';
import { bannerKindFor, computeCheckoutFees, isPlanOffered } from '../../../shared/rules';
import type { Database, Transaction } from '../../db/client';
import {
  type PaymentPlanInstalmentRow,
  type PaymentPlanRow,
  paymentPlanInstalments,
  paymentPlans,
  type TenantRow,
} from '../../db/schema';

/** A plan with its instalments in order. */
export interface PlanWithInstalments {
  plan: PaymentPlanRow;
  instalments: PaymentPlanInstalmentRow[];
}

/**
 * The notice's plan in force or last ended; a plan whose first instalment was never paid is not
 * one. `forUpdate` locks the plan's row (plan-changes.ts's lockNoticePlan).
 */
export async function findNoticePlan(
  db: Database | Transaction,
  tenantId: string,
  citationId: string,
  options: { forUpdate?: boolean } = {},
): Promise<PlanWithInstalments | null> {
  const query = db
    .select()
    .from(paymentPlans)
    .where(
      and(
        eq(paymentPlans.tenantId, tenantId),
        eq(paymentPlans.citationId, citationId),
        ne(paymentPlans.status, 'pending'),
      ),
    )
    .orderBy(desc(paymentPlans.activatedAt))
    .limit(1)
    .$dynamic();
  const [plan] = options.forUpdate ? await query.for('update') : await query;
  if (!plan) return null;
  return { plan, instalments: await findInstalments(db, plan.id) };
}

/**
 * The plans of several notices at once (the public search list): each notice's plan in force or
 * last ended, as findNoticePlan finds it, in two queries whatever the number of notices.
 */
export async function findNoticesPlans(
  db: Database | Transaction,
  tenantId: string,
  citationIds: string[],
): Promise<Map<string, PlanWithInstalments>> {
  const found = new Map<string, PlanWithInstalments>();
  if (citationIds.length === 0) return found;
  const plans = await db
    .select()
    .from(paymentPlans)
    .where(
      and(
        eq(paymentPlans.tenantId, tenantId),
        inArray(paymentPlans.citationId, citationIds),
        ne(paymentPlans.status, 'pending'),
      ),
    )
    .orderBy(desc(paymentPlans.activatedAt));
  // Newest first: the first plan met for a notice is the one findNoticePlan would answer.
  for (const plan of plans) {
    if (!found.has(plan.citationId)) found.set(plan.citationId, { plan, instalments: [] });
  }
  if (found.size === 0) return found;
  const byPlan = new Map([...found.values()].map((entry) => [entry.plan.id, entry]));
  const rows = await db
    .select()
    .from(paymentPlanInstalments)
    .where(inArray(paymentPlanInstalments.planId, [...byPlan.keys()]))
    .orderBy(asc(paymentPlanInstalments.sequence));
  for (const row of rows) byPlan.get(row.planId)?.instalments.push(row);
  return found;
}

export function findInstalments(db: Database | Transaction, planId: string) {
  return db
    .select()
    .from(paymentPlanInstalments)
    .where(eq(paymentPlanInstalments.planId, planId))
    .orderBy(asc(paymentPlanInstalments.sequence));
}

const isSettled = (row: PaymentPlanInstalmentRow) => row.status === 'paid' || row.status === 'paid_off';
const isOpen = (row: PaymentPlanInstalmentRow) => row.status === 'due' || row.status === 'charging';

/** Cents received on the plan (instalments charged, and the rest when it was paid in full). */
export const paidOnPlan = (instalments: PaymentPlanInstalmentRow[]) =>
  instalments.filter(isSettled).reduce((sum, row) => sum + row.amount, 0);

/** Cents still to be charged on a plan in force. */
export const remainingOnPlan = (instalments: PaymentPlanInstalmentRow[]) =>
  instalments.filter(isOpen).reduce((sum, row) => sum + row.amount, 0);

/**
 * What a defaulted plan's payments count for towards the notice: what was paid, less the plan
 * fee, which is the first money taken (decision 222).
 */
export const creditOfDefaultedPlan = ({ plan, instalments }: PlanWithInstalments) =>
  Math.max(0, paidOnPlan(instalments) - plan.fee);

function toInstalment(row: PaymentPlanInstalmentRow): PlanInstalment {
  const status =
    row.status === 'charging' ? 'due' : row.status === 'due' && row.attempts > 0 ? 'failed' : row.status;
  return {
    sequence: row.sequence,
    dueOn: row.dueOn,
    amount: row.amount,
    status,
    paidAt: row.paidAt?.toISOString() ?? null,
    attempts: row.attempts,
    receiptUrl: row.receiptUrl,
  };
}

/** A plan as the notice page and the console show it. */
export function toPaymentPlan({ plan, instalments }: PlanWithInstalments, tenant: TenantRow): PaymentPlan {
  const paid = paidOnPlan(instalments);
  const next = plan.status === 'active' ? instalments.find(isOpen) : undefined;
  const failing =
    plan.status === 'active' ? instalments.find((row) => isOpen(row) && row.firstFailedAt) : undefined;
  return {
    uuid: plan.id,
    status: plan.status === 'pending' ? 'active' : plan.status,
    instalmentCount: plan.instalmentCount,
    noticeAmount: plan.noticeAmount,
    fee: plan.fee,
    total: plan.total,
    paid,
    remaining: plan.status === 'completed' ? 0 : Math.max(0, plan.total - paid),
    nextDueOn: next ? next.dueOn : null,
    graceEndsOn: failing?.firstFailedAt
      ? calendarDateAfter(failing.firstFailedAt, tenant.timezone, tenant.paymentPlanGraceDays)
      : null,
    createdAt: plan.createdAt.toISOString(),
    instalments: instalments.map(toInstalment),
  };
}

/** What the public list shows of a notice's plan: where it stands, what is paid and what remains. */
export function toPlanStanding(found: PlanWithInstalments, tenant: TenantRow): PaymentPlanStanding {
  const { status, paid, remaining, nextDueOn } = toPaymentPlan(found, tenant);
  return { status, paid, remaining, nextDueOn };
}

/**
 * A notice's amounts with its plan taken into account. While a plan is kept, what is due is what
 * the plan has left to charge, and no late penalty applies; once it defaulted, the notice costs
 * what it would have without a plan (its late tiers included) less what the plan paid towards it.
 */
export function withPlanAmounts<T extends Citation>(
  citation: T,
  found: PlanWithInstalments | null,
  tenant: TenantRow,
): T {
  if (!found || bannerKindFor(citation, citation.amountDue || 1) !== 'payable') return citation;
  const { plan, instalments } = found;
  let amountDue: number;
  let lateFee = citation.lateFee;
  let latePenalties = citation.latePenalties;
  if (plan.status === 'active') {
    amountDue = remainingOnPlan(instalments);
    lateFee = 0;
    latePenalties = latePenalties.map((step) => ({ ...step, isApplied: false }));
  } else if (plan.status === 'defaulted') {
    amountDue = Math.max(0, citation.amountDue - creditOfDefaultedPlan(found));
  } else {
    return citation;
  }
  const fees = computeCheckoutFees(amountDue, tenant);
  return Object.assign(citation, {
    amountDue,
    lateFee,
    latePenalties,
    processingFee: fees.processingFee,
    serviceFee: fees.serviceFee,
    totalCharge: fees.total,
  });
}

/** What the notice page may offer: a plan for a payable notice over the threshold that never had one. */
export function planOfferFor(
  citation: Citation,
  found: PlanWithInstalments | null,
  tenant: TenantRow,
): PaymentPlanOffer | null {
  if (found) return null;
  if (bannerKindFor(citation, citation.amountDue) !== 'payable') return null;
  if (!isPlanOffered(tenant, citation.amountDue)) return null;
  return {
    maxInstalments: tenant.paymentPlanMaxInstalments,
    fee: tenant.paymentPlanFee,
    graceDays: tenant.paymentPlanGraceDays,
  };
}
