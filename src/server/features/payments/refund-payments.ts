import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { formatMoney } from '../../../shared/format/money';
import { fillMessage } from '../../../shared/messages/fill';
import { refundMessages } from '../../../shared/messages/refunds';
import type { PaymentGateway } from '../../adapters/payments/port';
import type { Transaction } from '../../db/client';
import { type PaymentSessionRow, paymentRefunds, paymentSessions } from '../../db/schema';
import { AppError, badRequest, conflict } from '../../errors';

/** What is left to give back of paid payments: what was paid minus what was already refunded. */
export function refundableOf(
  sessions: readonly Pick<PaymentSessionRow, 'status' | 'amount' | 'refundedAmount'>[],
) {
  return sessions
    .filter((session) => session.status === 'paid')
    .reduce((sum, session) => sum + session.amount - session.refundedAmount, 0);
}

export interface RefundOutcome {
  /** Cents given back by this refund. */
  amount: number;
  /** True when nothing is left to refund afterwards: the record is refunded in full. */
  isFull: boolean;
  /** Cents still refundable afterwards. */
  left: number;
}

const refundFailed = (message: string) =>
  new AppError(502, 'payment_provider_error', fillMessage(refundMessages.providerFailed, { message }));

/**
 * An operator's refund of `amount` cents (all that is refundable when absent) of a record's paid
 * payments, newest first, each part through the payment port with its own idempotency key, and
 * each recorded with the reason (payment_refunds). The caller holds the record's row lock and
 * passes its payments locked too, so a second click waits, then finds less (or nothing) left.
 * Never more than was paid minus what was already refunded: a 400 says the most it may be.
 */
export async function refundPayments(
  tx: Transaction,
  options: {
    gateway: PaymentGateway;
    /** The record's payments, locked FOR UPDATE. */
    sessions: readonly PaymentSessionRow[];
    amount: number | undefined;
    reason: string;
    operatorLabel: string;
    now: Date;
    log: FastifyBaseLogger;
  },
): Promise<RefundOutcome> {
  const paid = options.sessions
    .filter((session) => session.status === 'paid' && session.amount > session.refundedAmount)
    .sort((a, b) => (b.paidAt?.getTime() ?? 0) - (a.paidAt?.getTime() ?? 0));
  const refundable = refundableOf(paid);
  if (refundable === 0) throw conflict(refundMessages.nothingLeft);
  const amount = options.amount ?? refundable;
  if (amount > refundable) {
    throw badRequest(fillMessage(refundMessages.tooMuch, { amount: formatMoney(refundable) }));
  }
  let left = amount;
  for (const session of paid) {
    if (left === 0) break;
    const part = Math.min(left, session.amount - session.refundedAmount);
    if (!session.providerPaymentId) throw conflict(refundMessages.noProviderPayment);
    const id = randomUUID();
    const { refundId } = await options.gateway
      .refund({ providerPaymentId: session.providerPaymentId, key: `operator-refund-${id}`, amount: part })
      .catch((error: unknown) => {
        options.log.error({ err: error, sessionId: session.id }, 'an operator refund failed at the provider');
        throw refundFailed((error as Error).message ?? 'unknown error');
      });
    await tx.insert(paymentRefunds).values({
      id,
      tenantId: session.tenantId,
      paymentSessionId: session.id,
      amount: part,
      reason: options.reason,
      providerRefundId: refundId,
      createdBy: options.operatorLabel,
      createdAt: options.now,
    });
    const refundedAmount = session.refundedAmount + part;
    const isWhole = refundedAmount === session.amount;
    await tx
      .update(paymentSessions)
      .set({
        refundedAmount,
        refundId,
        refundError: null,
        refundReason: 'operator',
        ...(isWhole ? { status: 'refunded' as const, refundedAt: options.now } : {}),
      })
      .where(eq(paymentSessions.id, session.id));
    left -= part;
  }
  return { amount, isFull: amount === refundable, left: refundable - amount };
}
