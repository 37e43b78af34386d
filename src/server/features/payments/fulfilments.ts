import type { Transaction } from '../../db/client';
import type { PaymentSessionRow, RefundReason } from '../../db/schema';
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

const ownFulfilments = {
  citation: fulfilCitationPayment,
  /** An incomplete pass becomes paid (fulfil-pass.ts); a released one only if its product still has room. */
  pass: fulfilPassPayment,
  /** The first payment of a subscription; its periods go to subscription-fulfilments.ts by its own purpose. */
  subscription: fulfilSubscriptionCheckout,
} satisfies Record<string, Fulfilment>;

/**
 * Purposes another feature fulfils, registered by it at start-up: a payment plan's first
 * instalment brings the plan into force (payment-plans/fulfil-plan.ts), a short pass's paid
 * extension moves its end (passes/fulfil-extension.ts, decision 236). Those features depend on
 * payments, so payments learns of them this way rather than importing them back.
 */
export type RegisteredPurpose = 'plan' | 'pass_extension';

export type PaymentPurpose = keyof typeof ownFulfilments | RegisteredPurpose;

const registeredFulfilments = new Map<RegisteredPurpose, Fulfilment>();

/** Makes `fulfil` what a paid checkout of `purpose` does (the feature's routes call it). */
export function registerFulfilment(purpose: RegisteredPurpose, fulfil: Fulfilment): void {
  registeredFulfilments.set(purpose, fulfil);
}

/** What a paid checkout of this purpose does; undefined for a purpose nobody fulfils. */
export function fulfilmentOf(purpose: string): Fulfilment | undefined {
  if (Object.hasOwn(ownFulfilments, purpose)) return ownFulfilments[purpose as keyof typeof ownFulfilments];
  return registeredFulfilments.get(purpose as RegisteredPurpose);
}
