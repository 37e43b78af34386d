import { and, eq, inArray } from 'drizzle-orm';
import { randomId } from '../../adapters/payments/sandbox';
import type { Transaction } from '../../db/client';
import { paymentSessions, type TenantRow } from '../../db/schema';
import type { PaymentPurpose } from './fulfilments';
import { sandboxReceiptUrl } from './pay-sandbox-checkout';
import { insertPaymentSession, markSessionPaid, recordEventOnce } from './queries';
import { checkoutAmounts, checkoutReturnUrls } from './start-checkout';

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
  checkout: {
    tenant: TenantRow;
    purpose: PaymentPurpose;
    subjectId: string;
    /** What the subject itself cost, before fees. */
    amount: number;
    fees?: { processingFee: number; serviceFee: number };
    description: string;
    /** The subject's page on the tenant's host, where the checkout returned to. */
    pageUrl: string;
    customerId: string | null;
    paidAt: Date;
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
    // Paid a few minutes after it was opened, well within a checkout's lifetime.
    createdAt: new Date(checkout.paidAt.getTime() - 2 * 60_000),
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
