import { paymentMessages } from '../../../shared/messages';
import type { CheckoutLineItem } from '../../adapters/payments/port';
import type { PaymentSessionRow } from '../../db/schema';

type SessionAmounts = Pick<PaymentSessionRow, 'amount' | 'description' | 'processingFee' | 'serviceFee'>;

/**
 * The lines of a checkout, from the session's stored amounts: the thing paid for, then each fee
 * that is not zero. The same lines go to the provider, the sandbox page and the sandbox receipt,
 * so they always add up to `amount`, the total charged.
 */
export function checkoutLineItems(session: SessionAmounts): CheckoutLineItem[] {
  const lines: CheckoutLineItem[] = [
    { name: session.description, amount: session.amount - session.processingFee - session.serviceFee },
  ];
  if (session.processingFee > 0)
    lines.push({ name: paymentMessages.processingFeeLineItem, amount: session.processingFee });
  if (session.serviceFee > 0)
    lines.push({ name: paymentMessages.serviceFeeLineItem, amount: session.serviceFee });
  return lines;
}
