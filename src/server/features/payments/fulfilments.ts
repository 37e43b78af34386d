import type { Transaction } from '../../db/client';
import type { PaymentSessionRow, RefundReason } from '../../db/schema';
import { fulfilExtensionPayment } from '../passes';
import { fulfilPlanPayment } from '../payment-plans';
import { fulfilCitationPayment } from './fulfil-citation';
import { fulfilPassPayment } from './fulfil-pass';
import { fulfilSubscriptionCheckout } from './fulfil-subscription-checkout';

/**
 * What a paid checkout did to its subject. Anything but 'fulfilled' means the money must go
 * back: 'already-paid' (another session paid it first), 'not-payable' (voided or otherwise
 * closed meanwhile), 'amount-changed' (it no longer costs what was charged).
 */
export type FulfilmentResult = 'fulfilled' | 'already-paid' | 'not-payable' | 'amount-changed';

/** The refund reason recorded for each result that is not a fulfilment. */
export const REFUND_REASONS: Record<Exclude<FulfilmentResult, 'fulfilled'>, RefundReason> = {
  'already-paid': 'duplicate',
  'not-payable': 'not_payable',
  'amount-changed': 'amount_changed',
};

/**
 * What a paid checkout does, by its purpose. It runs inside the transaction that marks the
 * session paid, so the payment and its effect are written together or not at all, and it
 * re-checks there that the subject can still be paid for what was charged.
 */
export type Fulfilment = (
  tx: Transaction,
  session: PaymentSessionRow,
  paidAt: Date,
) => Promise<FulfilmentResult>;

export const fulfilments = {
  citation: fulfilCitationPayment,
  /** An incomplete pass becomes paid (fulfil-pass.ts); a released one only if its product still has room. */
  pass: fulfilPassPayment,
  /** The first payment of a subscription; its periods go to subscription-fulfilments.ts by its own purpose. */
  subscription: fulfilSubscriptionCheckout,
  /**
   * A payment plan's first instalment: the plan comes into force (payment-plans/fulfil-plan.ts).
   * Called through a function: payment plans import this feature too, so when this module is
   * evaluated theirs may not be yet.
   */
  plan: (tx, session, paidAt) => fulfilPlanPayment(tx, session, paidAt),
  /** A short pass's extension (passes/fulfil-extension.ts, decision 236); a function for the same reason. */
  'pass-extension': (tx, session, paidAt) => fulfilExtensionPayment(tx, session, paidAt),
} satisfies Record<string, Fulfilment>;

export type PaymentPurpose = keyof typeof fulfilments;

export function isPaymentPurpose(value: string): value is PaymentPurpose {
  return Object.hasOwn(fulfilments, value);
}
