import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import { calendarDateAfter } from '../../../shared/format/dates';
import { bannerKindFor, computeAmountDue, PLAN_RETRY_DAYS } from '../../../shared/rules';
import {
  type PaymentGateway,
  PaymentProviderError,
  type SavedPaymentMethod,
} from '../../adapters/payments/port';
import type { Clock } from '../../clock';
import type { Database, Transaction } from '../../db/client';
import {
  citations,
  type PaymentPlanInstalmentRow,
  type PaymentPlanRow,
  paymentPlanInstalments,
  paymentPlans,
  type TenantRow,
  tenants,
} from '../../db/schema';
import { amountFieldsOf, lockCitation } from './fulfil-plan';
import { endPlan, lockNoticePlan } from './plan-changes';
import { enqueuePlanEmail } from './plan-emails';
import { startOfLocalDay } from './start-payment-plan';

/** How long a sweep holds an instalment it is charging; a crashed sweep's claim is taken over after. */
export const INSTALMENT_CLAIM_MS = 10 * 60_000;
const BATCH_SIZE = 25;
/** A clock moved far ahead charges one instalment of a plan per pass; this bounds one sweep. */
const MAX_PASSES = 20;
const DAY_MS = 86_400_000;

type Log = { error(object: unknown, message: string): void; warn?(object: unknown, message: string): void };

/**
 * Claims the instalments due at `now` (and the claims of sweeps that died mid-charge) with
 * FOR UPDATE SKIP LOCKED: two sweeps at once never take the same instalment.
 */
async function claimDueInstalments(db: Database, now: Date) {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: paymentPlanInstalments.id })
      .from(paymentPlanInstalments)
      .where(
        or(
          and(eq(paymentPlanInstalments.status, 'due'), lte(paymentPlanInstalments.nextAttemptAt, now)),
          and(eq(paymentPlanInstalments.status, 'charging'), lt(paymentPlanInstalments.claimedUntil, now)),
        ),
      )
      .orderBy(asc(paymentPlanInstalments.nextAttemptAt))
      .limit(BATCH_SIZE)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(paymentPlanInstalments)
      .set({ status: 'charging', claimedUntil: new Date(now.getTime() + INSTALMENT_CLAIM_MS) })
      .where(
        inArray(
          paymentPlanInstalments.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

/**
 * The payment plans' sweep (on the injected clock): every instalment due is charged once to the
 * card saved at the plan's checkout, a failed one is retried every PLAN_RETRY_DAYS days, and a
 * plan whose instalment is still unpaid at the end of the tenant's grace period ends ('defaulted').
 * Safe in several processes at once. Answers how many instalments were charged.
 */
export async function chargeDueInstalments(options: {
  db: Database;
  gateway: PaymentGateway;
  clock: Clock;
  log?: Log;
}): Promise<number> {
  let charged = 0;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const claimed = await claimDueInstalments(options.db, options.clock.now());
    for (const instalment of claimed) {
      if (await chargeInstalment({ ...options, instalment })) charged += 1;
    }
    if (claimed.length === 0) break;
  }
  return charged;
}

/** Whether the plan and its notice still allow this charge; ends a plan whose notice was voided or paid. */
async function mayCharge(tx: Transaction, instalment: PaymentPlanInstalmentRow, now: Date) {
  const [head] = await tx.select().from(paymentPlans).where(eq(paymentPlans.id, instalment.planId));
  if (!head) return null;
  const notice = await lockCitation(tx, head.tenantId, head.citationId);
  const found = await lockNoticePlan(tx, head.tenantId, head.citationId);
  const [tenant] = await tx.select().from(tenants).where(eq(tenants.id, head.tenantId));
  const current = found?.instalments.find((row) => row.id === instalment.id);
  if (!notice || !tenant || found?.plan.id !== head.id || current?.status !== 'charging') return null;
  if (found.plan.status !== 'active') {
    await releaseAs(tx, instalment.id, 'canceled');
    return null;
  }
  const fields = amountFieldsOf(notice);
  const kind = bannerKindFor(fields, computeAmountDue(fields, now, tenant.timezone).amountDue || 1);
  if (kind !== 'payable') {
    // Voided (or paid off platform) since: the plan ends and nothing more is charged.
    await endPlan(tx, found.plan.id, 'canceled', now);
    return null;
  }
  return { plan: found.plan, tenant, first: found.instalments[0] };
}

const releaseAs = (tx: Transaction, id: string, status: 'due' | 'canceled') =>
  tx
    .update(paymentPlanInstalments)
    .set({ status, claimedUntil: null })
    .where(eq(paymentPlanInstalments.id, id));

/** The card saved at the plan's checkout, asked of the provider once and kept on the plan. */
async function savedMethodOf(
  db: Database,
  gateway: PaymentGateway,
  plan: PaymentPlanRow,
  first: PaymentPlanInstalmentRow | undefined,
): Promise<SavedPaymentMethod | null> {
  if (plan.providerPaymentMethodId) {
    return { providerCustomerId: plan.providerCustomerId, paymentMethodId: plan.providerPaymentMethodId };
  }
  if (!first?.providerPaymentId) return null;
  const method = await gateway.findSavedPaymentMethod(first.providerPaymentId);
  if (method) {
    await db
      .update(paymentPlans)
      .set({ providerPaymentMethodId: method.paymentMethodId, providerCustomerId: method.providerCustomerId })
      .where(eq(paymentPlans.id, plan.id));
  }
  return method;
}

async function chargeInstalment(options: {
  db: Database;
  gateway: PaymentGateway;
  clock: Clock;
  log?: Log;
  instalment: PaymentPlanInstalmentRow;
}): Promise<boolean> {
  const { db, gateway, instalment, log } = options;
  const now = options.clock.now();
  const allowed = await db.transaction((tx) => mayCharge(tx, instalment, now));
  if (!allowed) return false;
  const { plan, tenant } = allowed;
  let outcome: Awaited<ReturnType<PaymentGateway['chargeSavedPaymentMethod']>>;
  try {
    const method = await savedMethodOf(db, gateway, plan, allowed.first);
    outcome = method
      ? await gateway.chargeSavedPaymentMethod({
          method,
          amount: instalment.amount,
          currency: tenant.currency,
          description: `Instalment ${instalment.sequence} of ${plan.instalmentCount}`,
          // One charge per attempt of this instalment, however often the request is sent.
          key: `${instalment.id}-${instalment.attempts + 1}`,
          metadata: { payment_plan_id: plan.id, instalment_id: instalment.id },
          destinationAccountId: tenant.stripeAccountId,
        })
      : { status: 'failed', message: 'No card was saved for this plan.' };
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    // Nothing is known to be charged: the instalment is tried again at the next sweep, same key.
    log?.error(
      { err: error, instalmentId: instalment.id },
      'could not reach the payment provider for an instalment',
    );
    await db.transaction((tx) => releaseAs(tx, instalment.id, 'due'));
    return false;
  }
  const refund = await db.transaction((tx) => recordCharge(tx, { instalment, outcome, now }));
  if (refund) {
    // The plan ended while the card was charged (its notice voided, the rest paid): give it back.
    await gateway.refund({ providerPaymentId: refund, key: instalment.id }).catch((error: unknown) => {
      log?.error(
        { err: error, instalmentId: instalment.id },
        'could not refund an instalment charged after its plan ended',
      );
    });
    return false;
  }
  return outcome.status === 'succeeded';
}

/**
 * Writes what the charge did, with the notice and the plan locked again: paid (and the plan
 * completed with its last instalment), or failed (retried, or the plan defaulted past the grace
 * period). Answers the provider payment to refund when the plan ended while it was charged.
 */
async function recordCharge(
  tx: Transaction,
  options: {
    instalment: PaymentPlanInstalmentRow;
    outcome: Awaited<ReturnType<PaymentGateway['chargeSavedPaymentMethod']>>;
    now: Date;
  },
): Promise<string | null> {
  const { instalment, outcome, now } = options;
  const [head] = await tx.select().from(paymentPlans).where(eq(paymentPlans.id, instalment.planId));
  if (!head) return null;
  await lockCitation(tx, head.tenantId, head.citationId);
  const found = await lockNoticePlan(tx, head.tenantId, head.citationId);
  const [tenant] = await tx.select().from(tenants).where(eq(tenants.id, head.tenantId));
  const current = found?.instalments.find((row) => row.id === instalment.id);
  const isStillCharging =
    found?.plan.id === head.id && found.plan.status === 'active' && current?.status === 'charging';
  if (!found || !tenant || !isStillCharging) {
    if (current?.status === 'charging') await releaseAs(tx, instalment.id, 'canceled');
    return outcome.status === 'succeeded' ? outcome.providerPaymentId : null;
  }
  if (outcome.status === 'succeeded') {
    await recordPaid(tx, { ...found, tenant, instalment: current, outcome, now });
    return null;
  }
  await recordFailed(tx, { plan: found.plan, tenant, instalment: current, reason: outcome.message, now });
  return null;
}

async function recordPaid(
  tx: Transaction,
  options: {
    plan: PaymentPlanRow;
    instalments: PaymentPlanInstalmentRow[];
    tenant: TenantRow;
    instalment: PaymentPlanInstalmentRow;
    outcome: { providerPaymentId: string; receiptUrl: string | null };
    now: Date;
  },
) {
  const { plan, instalments, instalment, outcome, now } = options;
  const [paid] = await tx
    .update(paymentPlanInstalments)
    .set({
      status: 'paid',
      attempts: instalment.attempts + 1,
      paidAt: now,
      providerPaymentId: outcome.providerPaymentId,
      receiptUrl: outcome.receiptUrl,
      nextAttemptAt: null,
      claimedUntil: null,
    })
    .where(eq(paymentPlanInstalments.id, instalment.id))
    .returning();
  const open = instalments.filter(
    (row) => row.id !== instalment.id && (row.status === 'due' || row.status === 'charging'),
  );
  const isLast = open.length === 0;
  await tx
    .update(citations)
    .set({
      paidTotal: sql`coalesce(${citations.paidTotal}, 0) + ${instalment.amount}`,
      // The last instalment pays the notice in full.
      ...(isLast ? { paymentStatus: 'Paid', datePaid: now, receiptUrl: outcome.receiptUrl } : {}),
    })
    .where(eq(citations.id, plan.citationId));
  if (isLast) {
    await tx
      .update(paymentPlans)
      .set({ status: 'completed', endedAt: now })
      .where(eq(paymentPlans.id, plan.id));
  }
  await enqueuePlanEmail(tx, {
    plan,
    email: {
      kind: 'receipt',
      instalment: paid!,
      next: open[0] ?? null,
      remaining: open.reduce((sum, row) => sum + row.amount, 0),
    },
    now,
  });
}

async function recordFailed(
  tx: Transaction,
  options: {
    plan: PaymentPlanRow;
    tenant: TenantRow;
    instalment: PaymentPlanInstalmentRow;
    reason: string;
    now: Date;
  },
) {
  const { plan, tenant, instalment, reason, now } = options;
  const firstFailedAt = instalment.firstFailedAt ?? now;
  const graceEndsOn = calendarDateAfter(firstFailedAt, tenant.timezone, tenant.paymentPlanGraceDays);
  const graceEndsAt = startOfLocalDay(graceEndsOn, tenant.timezone);
  const isPastGrace = now.getTime() >= graceEndsAt.getTime();
  const nextAttemptAt = new Date(Math.min(now.getTime() + PLAN_RETRY_DAYS * DAY_MS, graceEndsAt.getTime()));
  await tx
    .update(paymentPlanInstalments)
    .set({
      status: 'due',
      attempts: instalment.attempts + 1,
      firstFailedAt,
      lastFailure: reason.slice(0, 500),
      nextAttemptAt,
      claimedUntil: null,
    })
    .where(eq(paymentPlanInstalments.id, instalment.id));
  if (isPastGrace) {
    // Unpaid past the grace period: the plan ends; the notice owes the rest with its tiers (plan-view.ts).
    await endPlan(tx, plan.id, 'defaulted', now);
    await enqueuePlanEmail(tx, { plan, email: { kind: 'defaulted' }, now });
    return;
  }
  await enqueuePlanEmail(tx, {
    plan,
    email: {
      kind: 'failed',
      instalment,
      reason,
      retryOn: calendarDateAfter(nextAttemptAt, tenant.timezone, 0),
      graceEndsOn,
    },
    now,
  });
}
