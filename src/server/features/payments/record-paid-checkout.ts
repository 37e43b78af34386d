import { and, eq, inArray, ne } from 'drizzle-orm';
import type { BillingPeriod } from '../../adapters/payments/port';
import { createSandboxGateway, randomId } from '../../adapters/payments/sandbox';
import type { Transaction } from '../../db/client';
import { paymentSessions, subscriptions, type TenantRow } from '../../db/schema';
import type { PaymentPurpose } from './fulfilments';
import { applyPaymentEvent } from './handle-payment-event';
import {
  sandboxCheckoutCompleted,
  sandboxReceiptUrl,
  startPaidSandboxSubscription,
} from './pay-sandbox-checkout';
import { insertPaymentSession, markSessionPaid, recordEventOnce } from './queries';
import { checkoutAmounts, checkoutReturnUrls } from './start-checkout';
import { startSubscriptionCheckout } from './start-subscription-checkout';

/** A sandbox checkout is paid a few minutes after it was opened, well within its lifetime. */
const OPENED_BEFORE_PAID_MS = 2 * 60_000;

interface PaidCheckout {
  tenant: TenantRow;
  subjectId: string;
  /** What the subject itself cost, before fees. */
  amount: number;
  description: string;
  /** The subject's page on the tenant's host, where the checkout returned to. */
  pageUrl: string;
  customerId: string | null;
  paidAt: Date;
}

/**
 * Records a one-off checkout that was paid through the sandbox, with the rows a real one leaves
 * (start-checkout.ts, then pay-sandbox-checkout.ts): the session with its amounts and fee lines,
 * its provider ids and receipt, paid at `paidAt`, and the completion event. The fulfilment is NOT
 * run: this is for a subject loaded already paid (the demo data), whose paid state the caller
 * wrote itself. A subject that already has a paid (or refunded) checkout is left as it is, so
 * loading the same data again neither doubles the revenue nor undoes a refund made since.
 */
export async function recordPaidSandboxCheckout(
  tx: Transaction,
  checkout: PaidCheckout & {
    purpose: PaymentPurpose;
    fees?: { processingFee: number; serviceFee: number };
  },
): Promise<void> {
  const [existing] = await tx
    .select({ id: paymentSessions.id })
    .from(paymentSessions)
    .where(
      and(
        eq(paymentSessions.tenantId, checkout.tenant.id),
        eq(paymentSessions.purpose, checkout.purpose),
        eq(paymentSessions.subjectId, checkout.subjectId),
        inArray(paymentSessions.status, ['paid', 'refunded', 'refund_failed']),
      ),
    );
  if (existing) return;
  const providerSessionId = randomId('sbx_cs');
  const returnUrls = checkoutReturnUrls(checkout.pageUrl);
  const session = await insertPaymentSession(tx, {
    tenantId: checkout.tenant.id,
    provider: 'sandbox',
    providerSessionId,
    purpose: checkout.purpose,
    subjectId: checkout.subjectId,
    customerId: checkout.customerId,
    ...checkoutAmounts(checkout),
    currency: checkout.tenant.currency,
    ...returnUrls,
    createdAt: new Date(checkout.paidAt.getTime() - OPENED_BEFORE_PAID_MS),
  });
  await recordEventOnce(tx, {
    provider: 'sandbox',
    eventId: randomId('sbx_evt'),
    type: 'checkout.session.completed',
    paymentSessionId: session.id,
    receivedAt: checkout.paidAt,
  });
  await markSessionPaid(
    tx,
    session.id,
    checkout.paidAt,
    sandboxReceiptUrl({ providerSessionId, ...returnUrls }),
    randomId('sbx_pi'),
  );
}

/**
 * Records a subscription to a subject (a recurring pass) that was started through a sandbox
 * checkout paid at `paidAt`, by running what the real one runs: the subscription checkout is
 * opened (start-subscription-checkout.ts), its completion applied, and the sandbox starts the
 * subscription and pays its first invoice (pay-sandbox-checkout.ts), so the subscription, its
 * invoice and the sandbox's own subscription (which then renews on the clock) are all as a real
 * payment leaves them. Unlike a one-off checkout's, this fulfilment suits a subject loaded
 * already paid: the pass's first period extends it to the period's end (if it ended sooner) and
 * links it to the subscription; no email goes out for a pass that was already paid. A subject
 * whose subscription has started before is left as it is.
 */
export async function recordPaidSandboxSubscription(
  tx: Transaction,
  checkout: PaidCheckout & { purpose: string; period: BillingPeriod },
): Promise<void> {
  const { tenant, paidAt } = checkout;
  const [existing] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.tenantId, tenant.id),
        eq(subscriptions.purpose, checkout.purpose),
        eq(subscriptions.subjectId, checkout.subjectId),
        ne(subscriptions.status, 'incomplete'),
      ),
    );
  if (existing) return;
  const gateway = createSandboxGateway({ db: tx, clock: { now: () => paidAt } });
  const { subscriptionId } = await startSubscriptionCheckout({
    db: tx,
    gateway,
    tenant,
    purpose: checkout.purpose,
    subjectId: checkout.subjectId,
    amount: checkout.amount,
    description: checkout.description,
    ...checkoutReturnUrls(checkout.pageUrl),
    customerId: checkout.customerId,
    period: checkout.period,
    now: new Date(paidAt.getTime() - OPENED_BEFORE_PAID_MS),
  });
  const [session] = await tx
    .select()
    .from(paymentSessions)
    .where(
      and(
        eq(paymentSessions.tenantId, tenant.id),
        eq(paymentSessions.purpose, 'subscription'),
        eq(paymentSessions.subjectId, subscriptionId),
      ),
    );
  const completed = await applyPaymentEvent(tx, {
    provider: 'sandbox',
    event: sandboxCheckoutCompleted(session!, randomId('sbx_pi')),
    now: paidAt,
  });
  const firstInvoice = await startPaidSandboxSubscription(tx, {
    providerSessionId: session!.providerSessionId!,
    isRenewalDeclined: false,
    now: paidAt,
  });
  if (completed.outcome !== 'paid' || firstInvoice !== 'subscription-paid') {
    throw new Error(
      `The subscription checkout of ${checkout.subjectId} ended ${completed.outcome}, ${firstInvoice}`,
    );
  }
}
