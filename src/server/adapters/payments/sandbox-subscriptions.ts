import { and, eq, inArray, lte } from 'drizzle-orm';
import { addInZone } from '../../../shared/format/zoned-time';
import type { Transaction } from '../../db/client';
import { type SandboxSubscriptionRow, sandboxSubscriptions } from '../../db/schema';
import type { BillingPeriod, SubscriptionEvent } from './port';

/**
 * Stripe's test card whose first charge succeeds and every later one is declined
 * (4000 0000 0000 0341): paying a sandbox subscription with it makes its renewals fail.
 */
export const SANDBOX_RENEWAL_DECLINED_CARD = '4000000000000341';

/** Like Stripe's default retry schedule, shortened: three attempts a day apart, then the end. */
export const SANDBOX_RENEWAL_ATTEMPTS = 3;
export const SANDBOX_RENEWAL_RETRY_MS = 24 * 60 * 60_000;

/** The end of period `n` (1 = the first) from the anchor; months keep the anchor's day where they can. */
export function periodEnd(anchor: Date, period: BillingPeriod, n: number): Date {
  if (period.interval === 'week') return addInZone(anchor, 7 * period.count * n, 'day', 'UTC');
  return addInZone(anchor, period.count * n, period.interval, 'UTC');
}

const periodOf = (row: SandboxSubscriptionRow): BillingPeriod => ({
  interval: row.interval,
  count: row.intervalCount,
});

/**
 * Starts the sandbox subscription a paid checkout opened, as Stripe does when its subscription
 * checkout completes, and answers the first invoice's paid event; null when the checkout was a
 * one-off payment (or the subscription had already started).
 */
export async function startSandboxSubscription(
  tx: Transaction,
  input: { providerSessionId: string; isRenewalDeclined: boolean; now: Date },
): Promise<SubscriptionEvent | null> {
  const [pending] = await tx
    .select()
    .from(sandboxSubscriptions)
    .where(
      and(
        eq(sandboxSubscriptions.providerSessionId, input.providerSessionId),
        eq(sandboxSubscriptions.status, 'incomplete'),
      ),
    )
    .for('update');
  if (!pending) return null;
  const firstEnd = periodEnd(input.now, periodOf(pending), 1);
  const [started] = await tx
    .update(sandboxSubscriptions)
    .set({
      status: 'active',
      billingAnchor: input.now,
      periodsPaid: 1,
      currentPeriodEnd: firstEnd,
      nextAttemptAt: firstEnd,
      isRenewalDeclined: input.isRenewalDeclined,
    })
    .where(eq(sandboxSubscriptions.id, pending.id))
    .returning();
  return paidEvent(started!, input.now, true);
}

function paidEvent(row: SandboxSubscriptionRow, now: Date, isFirst: boolean): SubscriptionEvent {
  const invoiceId = `sbx_in_${row.id.slice('sbx_sub_'.length)}_${row.periodsPaid}`;
  return {
    eventId: `sbx_evt_paid_${invoiceId}`,
    type: 'invoice.paid',
    kind: 'subscription-paid',
    subscriptionId: row.subscriptionId,
    providerSubscriptionId: row.id,
    invoice: {
      providerInvoiceId: invoiceId,
      amount: row.amount,
      periodEnd: row.currentPeriodEnd!,
      isFirst,
      receiptUrl: null,
    },
    occurredAt: now,
  };
}

/**
 * Takes up to `limit` sandbox subscriptions whose renewal (or retry) is due. FOR UPDATE SKIP
 * LOCKED: sweeps in several processes each take different rows, and a row is advanced in the
 * same transaction that applies its events, so nothing is renewed twice.
 */
export async function lockDueSandboxSubscriptions(
  tx: Transaction,
  now: Date,
  limit: number,
): Promise<SandboxSubscriptionRow[]> {
  return tx
    .select()
    .from(sandboxSubscriptions)
    .where(
      and(
        inArray(sandboxSubscriptions.status, ['active', 'past_due']),
        lte(sandboxSubscriptions.nextAttemptAt, now),
      ),
    )
    .orderBy(sandboxSubscriptions.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * What the sandbox provider does with a due subscription, and the events it sends: the end
 * when it was canceled at period end; otherwise it charges the next period, which is paid, or
 * fails (retried a day later, and the subscription ends after the last attempt).
 */
export async function advanceSandboxSubscription(
  tx: Transaction,
  row: SandboxSubscriptionRow,
  now: Date,
): Promise<SubscriptionEvent[]> {
  const update = (values: Partial<typeof sandboxSubscriptions.$inferInsert>) =>
    tx.update(sandboxSubscriptions).set(values).where(eq(sandboxSubscriptions.id, row.id)).returning();
  const canceled = (at: Date): SubscriptionEvent => ({
    eventId: `sbx_evt_deleted_${row.id}`,
    type: 'customer.subscription.deleted',
    kind: 'subscription-canceled',
    subscriptionId: row.subscriptionId,
    providerSubscriptionId: row.id,
    invoice: null,
    occurredAt: at,
  });

  if (row.cancelAtPeriodEnd) {
    await update({ status: 'canceled', nextAttemptAt: null });
    return [canceled(row.currentPeriodEnd ?? now)];
  }
  if (row.isRenewalDeclined) {
    const attempts = row.failedAttempts + 1;
    const isLast = attempts >= SANDBOX_RENEWAL_ATTEMPTS;
    await update({
      status: isLast ? 'canceled' : 'past_due',
      failedAttempts: attempts,
      nextAttemptAt: isLast ? null : new Date(now.getTime() + SANDBOX_RENEWAL_RETRY_MS),
    });
    const invoiceId = `sbx_in_${row.id.slice('sbx_sub_'.length)}_${row.periodsPaid + 1}`;
    const failed: SubscriptionEvent = {
      eventId: `sbx_evt_failed_${invoiceId}_${attempts}`,
      type: 'invoice.payment_failed',
      kind: 'subscription-payment-failed',
      subscriptionId: row.subscriptionId,
      providerSubscriptionId: row.id,
      invoice: {
        providerInvoiceId: invoiceId,
        amount: row.amount,
        periodEnd: periodEnd(row.billingAnchor!, periodOf(row), row.periodsPaid + 1),
        isFirst: false,
        receiptUrl: null,
      },
      occurredAt: now,
    };
    return isLast ? [failed, canceled(now)] : [failed];
  }
  const periodsPaid = row.periodsPaid + 1;
  const nextEnd = periodEnd(row.billingAnchor!, periodOf(row), periodsPaid);
  const [renewed] = await update({
    status: 'active',
    periodsPaid,
    currentPeriodEnd: nextEnd,
    nextAttemptAt: nextEnd,
    failedAttempts: 0,
  });
  return [paidEvent(renewed!, now, false)];
}

/** Stops renewing; answers false when the provider has no such subscription. */
export async function cancelSandboxSubscriptionAtPeriodEnd(
  tx: Transaction,
  providerSubscriptionId: string,
): Promise<boolean> {
  const updated = await tx
    .update(sandboxSubscriptions)
    .set({ cancelAtPeriodEnd: true })
    .where(eq(sandboxSubscriptions.id, providerSubscriptionId))
    .returning({ id: sandboxSubscriptions.id });
  return updated.length === 1;
}
