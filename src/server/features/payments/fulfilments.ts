import type { Transaction } from '../../db/client';
import type { PaymentSessionRow } from '../../db/schema';
import { fulfilCitationPayment } from './fulfil-citation';
import { fulfilPassPayment } from './fulfil-pass';
import { fulfilSubscriptionCheckout } from './fulfil-subscription-checkout';

/**
 * What a paid checkout does, by its purpose. It runs inside the transaction that marks the
 * session paid, so the payment and its effect are written together or not at all.
 * 'already-paid' means the subject had been paid by another session: the money needs a refund.
 */
export type Fulfilment = (
  tx: Transaction,
  session: PaymentSessionRow,
  paidAt: Date,
) => Promise<'fulfilled' | 'already-paid'>;

export const fulfilments = {
  citation: fulfilCitationPayment,
  /** An incomplete pass becomes paid (fulfil-pass.ts); a released one only if its product still has room. */
  pass: fulfilPassPayment,
  /** The first payment of a subscription; its periods go to subscription-fulfilments.ts by its own purpose. */
  subscription: fulfilSubscriptionCheckout,
} satisfies Record<string, Fulfilment>;

export type PaymentPurpose = keyof typeof fulfilments;

export function isPaymentPurpose(value: string): value is PaymentPurpose {
  return Object.hasOwn(fulfilments, value);
}
