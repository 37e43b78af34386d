import type { FastifyBaseLogger } from 'fastify';
import type { PaymentEvent, PaymentGateway } from '../../adapters/payments/port';
import type { Database } from '../../db/client';
import type { RefundReason } from '../../db/schema';
import { handlePaymentEvent, type PaymentEventOutcome, REFUND_OUTCOMES } from './handle-payment-event';
import { findSessionById, markSessionRefunded, markSessionRefundFailed } from './queries';

/**
 * A provider event from start to end, for webhooks and sandbox payments alike: look up the
 * provider's receipt (network, so before the transaction), apply the event exactly once, and give
 * back a payment that could not be fulfilled (already paid, no longer payable, amount changed).
 */
export async function settlePaymentEvent(options: {
  db: Database;
  gateway: PaymentGateway;
  event: PaymentEvent;
  now: Date;
  log: FastifyBaseLogger;
}): Promise<PaymentEventOutcome> {
  const { db, gateway, now, log } = options;
  let event = options.event;
  if (event.kind === 'completed' && !event.receiptUrl && event.providerPaymentId) {
    const receiptUrl = await gateway.findReceiptUrl(event.providerPaymentId).catch((error: unknown) => {
      // A receipt is a convenience: the payment must not wait for it.
      log.warn({ err: error, eventId: event.eventId }, 'could not read the receipt address');
      return null;
    });
    event = { ...event, receiptUrl };
  }
  const { outcome, sessionId } = await handlePaymentEvent({
    db,
    provider: gateway.provider,
    event,
    now,
    log,
  });
  if (Object.hasOwn(REFUND_OUTCOMES, outcome) && sessionId) {
    const reason = REFUND_OUTCOMES[outcome as keyof typeof REFUND_OUTCOMES];
    await refundPayment({ db, gateway, sessionId, reason, now, log });
  }
  return outcome;
}

/**
 * Gives back a payment whose subject was not fulfilled (paid twice, no longer payable, or its
 * amount changed), recording the refund and its reason, or the failure for an operator to settle.
 */
async function refundPayment(options: {
  db: Database;
  gateway: PaymentGateway;
  sessionId: string;
  reason: RefundReason;
  now: Date;
  log: FastifyBaseLogger;
}) {
  const { db, gateway, sessionId, reason, now, log } = options;
  const session = await findSessionById(db, sessionId);
  if (!session) return;
  if (!session.providerPaymentId) {
    log.error({ sessionId, reason }, 'a payment to give back has no provider payment id: refund it by hand');
    await markSessionRefundFailed(
      db,
      session.id,
      'The provider reported no payment id to refund.',
      reason,
      now,
    );
    return;
  }
  try {
    const { refundId } = await gateway.refund({
      providerPaymentId: session.providerPaymentId,
      key: session.id,
    });
    await markSessionRefunded(db, session.id, refundId, reason, now);
    log.info({ sessionId, refundId, reason }, 'refunded a payment that could not be fulfilled');
  } catch (error) {
    // Kept as 'refund_failed' with the provider's error, so an operator sees it and refunds by hand.
    log.error({ err: error, sessionId, reason }, 'could not refund a payment that could not be fulfilled');
    await markSessionRefundFailed(db, session.id, (error as Error).message ?? String(error), reason, now);
  }
}
