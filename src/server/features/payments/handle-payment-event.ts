import type { FastifyBaseLogger } from 'fastify';
import {
  type CheckoutEvent,
  isSubscriptionEvent,
  type PaymentEvent,
  type SubscriptionEvent,
} from '../../adapters/payments/port';
import type { Database, Transaction } from '../../db/client';
import type { PaymentProviderName, RefundReason } from '../../db/schema';
import { type FulfilmentResult, fulfilmentOf, REFUND_REASONS } from './fulfilments';
import { lockSessionByProviderId, markSessionExpired, markSessionPaid, recordEventOnce } from './queries';
import {
  findSubscriptionFulfilment,
  type SubscriptionFulfilments,
  subscriptionFulfilments,
} from './subscription-fulfilments';
import {
  extendSubscription,
  lockSubscriptionForEvent,
  recordInvoiceOnce,
  updateSubscription,
} from './subscription-queries';

export type PaymentEventOutcome =
  | 'duplicate'
  | 'ignored'
  | 'unknown-session'
  | 'paid'
  | 'already-paid'
  | 'paid-twice'
  | 'not-payable'
  | 'amount-changed'
  | 'expired'
  | 'unknown-subscription'
  | 'subscription-paid'
  | 'subscription-payment-failed'
  | 'subscription-canceled';

/** The outcomes whose money goes back to the payer, with the reason recorded. */
export const REFUND_OUTCOMES = {
  'paid-twice': REFUND_REASONS['already-paid'],
  'not-payable': REFUND_REASONS['not-payable'],
  'amount-changed': REFUND_REASONS['amount-changed'],
} as const satisfies Partial<Record<PaymentEventOutcome, RefundReason>>;

const OUTCOME_OF = {
  fulfilled: 'paid',
  'already-paid': 'paid-twice',
  'not-payable': 'not-payable',
  'amount-changed': 'amount-changed',
} as const satisfies Record<FulfilmentResult, PaymentEventOutcome>;

export interface PaymentEventOptions {
  provider: PaymentProviderName;
  event: PaymentEvent;
  now: Date;
  log?: Pick<FastifyBaseLogger, 'error'>;
  /** The subscription purposes' fulfilments; the portal's own unless a test passes its own. */
  subscriptionFulfilments?: SubscriptionFulfilments;
}

export type PaymentEventResult = { outcome: PaymentEventOutcome; sessionId: string | null };

/**
 * The one place a payment becomes real, for Stripe webhooks and sandbox payments alike, in one
 * transaction (see applyPaymentEvent).
 */
export async function handlePaymentEvent(
  options: PaymentEventOptions & { db: Database },
): Promise<PaymentEventResult> {
  return options.db.transaction((tx) => applyPaymentEvent(tx, options));
}

/**
 * Applies one provider event inside the caller's transaction: lock what it is about (a checkout
 * session or a subscription), record the event id (a redelivered event stops here), then move
 * the state exactly once and run the purpose's fulfilment. Any order, number or concurrency of
 * events therefore marks a notice or pass paid once, and counts each subscription period once.
 */
export async function applyPaymentEvent(
  tx: Transaction,
  options: PaymentEventOptions,
): Promise<PaymentEventResult> {
  return isSubscriptionEvent(options.event)
    ? applySubscriptionEvent(tx, { ...options, event: options.event })
    : applyCheckoutEvent(tx, { ...options, event: options.event });
}

async function applyCheckoutEvent(
  tx: Transaction,
  options: PaymentEventOptions & { event: CheckoutEvent },
): Promise<PaymentEventResult> {
  const { provider, event, now, log } = options;
  const session = event.providerSessionId
    ? await lockSessionByProviderId(tx, provider, event.providerSessionId)
    : null;
  const answer = (outcome: PaymentEventOutcome) => ({ outcome, sessionId: session?.id ?? null });
  const isNew = await recordEventOnce(tx, {
    provider,
    eventId: event.eventId,
    type: event.type,
    paymentSessionId: session?.id ?? null,
    receivedAt: now,
  });
  if (!isNew) return answer('duplicate');
  if (event.kind === 'other') return answer('ignored');
  // Events of sessions this portal did not open (another app on the same Stripe account).
  if (!session) return answer('unknown-session');

  if (event.kind === 'expired') {
    await markSessionExpired(tx, session.id);
    return answer(session.status === 'open' ? 'expired' : 'ignored');
  }
  if (session.status === 'paid' || session.status === 'refunded' || session.status === 'refund_failed')
    return answer('already-paid');
  // A late payment of an expired session still took the money: record and fulfil it.
  await markSessionPaid(tx, session.id, now, event.receiptUrl, event.providerPaymentId);
  const fulfil = fulfilmentOf(session.purpose);
  if (!fulfil) {
    log?.error({ sessionId: session.id, purpose: session.purpose }, 'paid session has no fulfilment');
    return answer('paid');
  }
  const result = await fulfil(
    tx,
    {
      ...session,
      status: 'paid',
      paidAt: now,
      receiptUrl: event.receiptUrl ?? session.receiptUrl,
      providerPaymentId: event.providerPaymentId ?? session.providerPaymentId,
    },
    now,
  );
  return answer(OUTCOME_OF[result]);
}

async function applySubscriptionEvent(
  tx: Transaction,
  options: PaymentEventOptions & { event: SubscriptionEvent },
): Promise<PaymentEventResult> {
  const { provider, event, now, log } = options;
  const subscription = await lockSubscriptionForEvent(tx, provider, event);
  const answer = (outcome: PaymentEventOutcome) => ({
    outcome,
    sessionId: subscription?.checkoutSessionId ?? null,
  });
  const isNew = await recordEventOnce(tx, {
    provider,
    eventId: event.eventId,
    type: event.type,
    paymentSessionId: subscription?.checkoutSessionId ?? null,
    receivedAt: now,
  });
  if (!isNew) return answer('duplicate');
  // Subscriptions this portal did not open (another app on the same Stripe account).
  if (!subscription) return answer('unknown-subscription');

  const fulfilment = findSubscriptionFulfilment(
    options.subscriptionFulfilments ?? subscriptionFulfilments,
    subscription.purpose,
  );
  if (!fulfilment) {
    log?.error(
      { subscriptionId: subscription.id, purpose: subscription.purpose, type: event.type },
      'subscription event has no fulfilment',
    );
  }
  const linked = { providerSubscriptionId: event.providerSubscriptionId };

  if (event.kind === 'subscription-paid') {
    const invoice = event.invoice!;
    // The same invoice can come in two events (a redelivery under a new id): count it once.
    const isNewInvoice = await recordInvoiceOnce(tx, {
      provider,
      subscriptionId: subscription.id,
      invoice,
      paidAt: now,
    });
    if (!isNewInvoice) return answer('duplicate');
    const extended = await extendSubscription(tx, subscription, {
      ...linked,
      periodEnd: invoice.periodEnd,
      paidAt: now,
    });
    await fulfilment?.periodPaid(tx, extended, invoice);
    return answer('subscription-paid');
  }
  if (event.kind === 'subscription-payment-failed') {
    const failed = await updateSubscription(tx, subscription.id, {
      ...linked,
      status: subscription.status === 'active' ? 'past_due' : subscription.status,
      lastPaymentFailedAt: event.occurredAt,
    });
    await fulfilment?.renewalFailed(tx, failed, event.occurredAt);
    return answer('subscription-payment-failed');
  }
  if (subscription.status === 'canceled') return answer('ignored');
  const ended = await updateSubscription(tx, subscription.id, {
    ...linked,
    status: 'canceled',
    canceledAt: event.occurredAt,
  });
  await fulfilment?.ended(tx, ended, event.occurredAt);
  return answer('subscription-canceled');
}
