import { and, desc, eq, inArray, or } from 'drizzle-orm';
import type { Transaction } from '../../../shared/contract';
import type { PaymentGateway } from '../../adapters/payments/port';
import type { Database } from '../../db/client';
import {
  type CustomerRow,
  issuedPasses,
  passExtensions,
  paymentSessions,
  subscriptionInvoices,
  subscriptions,
} from '../../db/schema';

/** The newest payments shown; older ones are in the payment provider's customer portal. */
export const MAX_TRANSACTIONS = 500;

/** Statuses of a payment session that mean money moved (a refund is still a transaction). */
const SETTLED = ['paid', 'refunded', 'refund_failed'] as const;

const unix = (value: Date) => Math.floor(value.getTime() / 1000);

/**
 * GET /portal/customer/paymenthistory: the customer's payments for notices and passes, newest
 * first. One-time payments are our payment sessions (a guest pass the customer holds included,
 * and the extensions of the customer's passes, decision 243, whoever paid for them);
 * each paid period of a recurring pass is a subscription invoice (the subscription's own checkout
 * session is left out: its first invoice is the same money). A receipt link missing from our
 * record is asked of the payment port; when the provider cannot answer the row has none.
 */
export async function listPaymentHistory(options: {
  db: Database;
  gateway: PaymentGateway;
  customer: CustomerRow;
  log?: { warn(object: unknown, message: string): void };
}): Promise<Transaction[]> {
  const { db, customer } = options;
  const myPasses = db
    .select({ id: issuedPasses.id })
    .from(issuedPasses)
    .where(and(eq(issuedPasses.tenantId, customer.tenantId), eq(issuedPasses.customerId, customer.id)));
  const myExtensions = db
    .select({ id: passExtensions.id })
    .from(passExtensions)
    .where(and(eq(passExtensions.tenantId, customer.tenantId), inArray(passExtensions.passId, myPasses)));

  const [sessions, invoices] = await Promise.all([
    db
      .select()
      .from(paymentSessions)
      .where(
        and(
          eq(paymentSessions.tenantId, customer.tenantId),
          inArray(paymentSessions.status, [...SETTLED]),
          or(
            eq(paymentSessions.customerId, customer.id),
            and(eq(paymentSessions.purpose, 'pass'), inArray(paymentSessions.subjectId, myPasses)),
            and(
              eq(paymentSessions.purpose, 'pass_extension'),
              inArray(paymentSessions.subjectId, myExtensions),
            ),
          ),
        ),
      )
      .orderBy(desc(paymentSessions.paidAt))
      .limit(MAX_TRANSACTIONS),
    db
      .select({
        invoice: subscriptionInvoices,
        subscription: subscriptions,
        description: paymentSessions.description,
      })
      .from(subscriptionInvoices)
      .innerJoin(subscriptions, eq(subscriptions.id, subscriptionInvoices.subscriptionId))
      .innerJoin(paymentSessions, eq(paymentSessions.id, subscriptions.checkoutSessionId))
      .where(
        and(
          eq(subscriptions.tenantId, customer.tenantId),
          or(
            eq(subscriptions.customerId, customer.id),
            and(eq(subscriptions.purpose, 'pass'), inArray(subscriptions.subjectId, myPasses)),
          ),
        ),
      )
      .orderBy(desc(subscriptionInvoices.paidAt))
      .limit(MAX_TRANSACTIONS),
  ]);

  const oneTime = await Promise.all(
    sessions
      .filter((session) => session.purpose !== 'subscription')
      .map(async (session) => ({
        amount: session.amount,
        currency: session.currency,
        status: session.status === 'paid' ? 'paid' : 'refunded',
        description: session.description,
        createdAtUnix: unix(session.paidAt ?? session.createdAt),
        receiptUrl: session.receiptUrl ?? (await askReceipt(options, session.providerPaymentId)),
      })),
  );
  const periods = invoices.map(({ invoice, subscription, description }) => ({
    amount: invoice.amount,
    currency: subscription.currency,
    status: 'paid',
    description,
    createdAtUnix: unix(invoice.paidAt),
    receiptUrl: invoice.receiptUrl,
  }));
  return [...oneTime, ...periods]
    .sort((a, b) => b.createdAtUnix - a.createdAtUnix)
    .slice(0, MAX_TRANSACTIONS);
}

async function askReceipt(
  options: { gateway: PaymentGateway; log?: { warn(object: unknown, message: string): void } },
  providerPaymentId: string | null,
): Promise<string | null> {
  if (!providerPaymentId) return null;
  try {
    return await options.gateway.findReceiptUrl(providerPaymentId);
  } catch (error) {
    options.log?.warn({ err: error, providerPaymentId }, 'receipt lookup failed');
    return null;
  }
}
