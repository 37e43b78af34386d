import type { FastifyBaseLogger } from 'fastify';
import type { PaymentEvent } from '../../adapters/payments/port';
import type { Database } from '../../db/client';
import type { PaymentProviderName, RefundReason } from '../../db/schema';
import { type FulfilmentResult, fulfilments, isPaymentPurpose, REFUND_REASONS } from './fulfilments';
import { lockSessionByProviderId, markSessionExpired, markSessionPaid, recordEventOnce } from './queries';

export type PaymentEventOutcome =
  | 'duplicate'
  | 'ignored'
  | 'unknown-session'
  | 'paid'
  | 'already-paid'
  | 'paid-twice'
  | 'not-payable'
  | 'amount-changed'
  | 'expired';

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

/**
 * The one place a payment becomes real, for Stripe webhooks and sandbox payments alike. In one
 * transaction: lock the session, record the event id (a redelivered event stops here), and move
 * an open session to paid exactly once, running its fulfilment. Any order, number or concurrency
 * of events therefore marks a notice or pass paid once.
 */
export async function handlePaymentEvent(options: {
  db: Database;
  provider: PaymentProviderName;
  event: PaymentEvent;
  now: Date;
  log?: FastifyBaseLogger;
}): Promise<{ outcome: PaymentEventOutcome; sessionId: string | null }> {
  const { db, provider, event, now, log } = options;
  return db.transaction(async (tx) => {
    const answer = (outcome: PaymentEventOutcome) => ({ outcome, sessionId: session?.id ?? null });
    const session = event.providerSessionId
      ? await lockSessionByProviderId(tx, provider, event.providerSessionId)
      : null;
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
    if (!isPaymentPurpose(session.purpose)) {
      log?.error({ sessionId: session.id, purpose: session.purpose }, 'paid session has no fulfilment');
      return answer('paid');
    }
    const result = await fulfilments[session.purpose](
      tx,
      { ...session, status: 'paid', paidAt: now, receiptUrl: event.receiptUrl ?? session.receiptUrl },
      now,
    );
    return answer(OUTCOME_OF[result]);
  });
}
