import type { FastifyBaseLogger } from 'fastify';
import type { PaymentEvent, PaymentGateway } from '../../adapters/payments/port';
import type { Database } from '../../db/client';
import { handlePaymentEvent, type PaymentEventOutcome } from './handle-payment-event';
import { findSessionById, markSessionRefunded, markSessionRefundFailed } from './queries';

/**
 * A provider event from start to end, for webhooks and sandbox payments alike: look up the
 * provider's receipt (network, so before the transaction), apply the event exactly once, and give
 * back a payment that arrived for something another session had already paid.
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
  if (outcome === 'paid-twice' && sessionId)
    await refundDuplicatePayment({ db, gateway, sessionId, now, log });
  return outcome;
}

async function refundDuplicatePayment(options: {
  db: Database;
  gateway: PaymentGateway;
  sessionId: string;
  now: Date;
  log: FastifyBaseLogger;
}) {
  const { db, gateway, sessionId, now, log } = options;
  const session = await findSessionById(db, sessionId);
  if (!session) return;
  if (!session.providerPaymentId) {
    log.error({ sessionId }, 'a duplicate payment has no provider payment id: refund it by hand');
    await markSessionRefundFailed(db, session.id, 'The provider reported no payment id to refund.', now);
    return;
  }
  try {
    const { refundId } = await gateway.refund({
      providerPaymentId: session.providerPaymentId,
      key: session.id,
    });
    await markSessionRefunded(db, session.id, refundId, now);
    log.info({ sessionId, refundId }, 'refunded a payment for something already paid');
  } catch (error) {
    // Kept as 'refund_failed' with the provider's error, so an operator sees it and refunds by hand.
    log.error({ err: error, sessionId }, 'could not refund a duplicate payment');
    await markSessionRefundFailed(db, session.id, (error as Error).message ?? String(error), now);
  }
}
