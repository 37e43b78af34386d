import type { FastifyBaseLogger } from 'fastify';
import type { CheckoutEvent, PaymentGateway } from '../../adapters/payments/port';
import { randomId, SANDBOX_RECEIPT_PATH } from '../../adapters/payments/sandbox';
import {
  SANDBOX_RENEWAL_DECLINED_CARD,
  startSandboxSubscription,
} from '../../adapters/payments/sandbox-subscriptions';
import type { Database, Transaction } from '../../db/client';
import { type PaymentSessionRow, sandboxPaymentMethods } from '../../db/schema';
import { applyPaymentEvent, type PaymentEventOutcome } from './handle-payment-event';
import { settlePaymentEvent } from './settle-payment-event';
import type { SubscriptionFulfilments } from './subscription-fulfilments';

/** Where the sandbox shows a paid checkout's receipt: on the tenant's host, like its checkout page. */
export function sandboxReceiptUrl(session: Pick<PaymentSessionRow, 'providerSessionId' | 'successUrl'>) {
  return new URL(`${SANDBOX_RECEIPT_PATH}/${session.providerSessionId}`, session.successUrl).toString();
}

/** The event Stripe sends when a checkout is paid, as the sandbox sends it. */
export function sandboxCheckoutCompleted(
  session: Pick<PaymentSessionRow, 'providerSessionId' | 'successUrl'>,
  providerPaymentId: string,
): CheckoutEvent {
  return {
    eventId: randomId('sbx_evt'),
    kind: 'completed',
    type: 'checkout.session.completed',
    providerSessionId: session.providerSessionId,
    providerPaymentId,
    receiptUrl: sandboxReceiptUrl(session),
  };
}

/**
 * After a paid subscription checkout: the sandbox starts the subscription, as Stripe does, and its
 * first invoice is paid; a one-off checkout has no subscription and this does nothing.
 */
export async function startPaidSandboxSubscription(
  tx: Transaction,
  options: {
    providerSessionId: string;
    isRenewalDeclined: boolean;
    now: Date;
    log?: Pick<FastifyBaseLogger, 'error'>;
    subscriptionFulfilments?: SubscriptionFulfilments;
  },
): Promise<PaymentEventOutcome | null> {
  const { providerSessionId, isRenewalDeclined, now } = options;
  const firstInvoice = await startSandboxSubscription(tx, { providerSessionId, isRenewalDeclined, now });
  if (!firstInvoice) return null;
  const { outcome } = await applyPaymentEvent(tx, {
    provider: 'sandbox',
    event: firstInvoice,
    now,
    log: options.log,
    subscriptionFulfilments: options.subscriptionFulfilments,
  });
  return outcome;
}

/**
 * The sandbox checkout page was paid with an accepted card: the events Stripe would send. A
 * one-off checkout completes; a subscription checkout completes and starts the subscription,
 * whose first invoice is paid (and whose renewals fail when the card was 4000 0000 0000 0341).
 */
export async function paySandboxCheckout(options: {
  db: Database;
  gateway: PaymentGateway;
  session: PaymentSessionRow;
  cardNumber: string;
  now: Date;
  log: FastifyBaseLogger;
  subscriptionFulfilments?: SubscriptionFulfilments;
}): Promise<PaymentEventOutcome> {
  const { db, session, now, log } = options;
  const providerPaymentId = randomId('sbx_pi');
  const isRenewalDeclined = options.cardNumber.replace(/[\s-]/g, '') === SANDBOX_RENEWAL_DECLINED_CARD;
  if (session.purpose === 'plan') {
    // Like Checkout with setup_future_usage: the card stays on file for the plan's next instalments
    // (declined then when it was 4000 0000 0000 0341).
    await db.insert(sandboxPaymentMethods).values({
      id: randomId('sbx_pm'),
      providerPaymentId,
      declinesOffSession: isRenewalDeclined,
    });
  }
  const outcome = await settlePaymentEvent({
    db,
    gateway: options.gateway,
    event: sandboxCheckoutCompleted(session, providerPaymentId),
    now,
    log,
  });
  if (outcome !== 'paid' || !session.providerSessionId) return outcome;
  await db.transaction((tx) =>
    startPaidSandboxSubscription(tx, {
      providerSessionId: session.providerSessionId!,
      isRenewalDeclined,
      now,
      log,
      subscriptionFulfilments: options.subscriptionFulfilments,
    }),
  );
  return outcome;
}
