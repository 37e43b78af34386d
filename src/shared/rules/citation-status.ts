import type { Citation, PaymentStatus } from '../contract/citations';
import { paymentStatusMessages } from '../messages/citations';

type StatusFields = Pick<Citation, 'paymentStatus' | 'datePaid' | 'voidDate'>;

/** 'Uncollectable' is shown to the public as 'Open'; every other status as it is. */
export function displayPaymentStatus(status: PaymentStatus): string {
  // The spec's words in English (the status itself); translated in French and Spanish (issue 30).
  return paymentStatusMessages[status === 'Uncollectable' ? 'Open' : status];
}

/** Any payment status as the console shows it: in the current language where it is a known one. */
export function paymentStatusText(status: string): string {
  return Object.hasOwn(paymentStatusMessages, status)
    ? paymentStatusMessages[status as PaymentStatus]
    : status;
}

export function isCitationPaid(citation: StatusFields): boolean {
  return (
    citation.datePaid !== null ||
    citation.paymentStatus === 'Paid' ||
    citation.paymentStatus === 'Paid off platform'
  );
}

export function isCitationVoided(citation: StatusFields): boolean {
  return (
    citation.voidDate !== null || citation.paymentStatus === 'Archived' || citation.paymentStatus === 'Void'
  );
}

/** Statuses whose notices still count towards what the driver owes. */
const OUTSTANDING_STATUSES: ReadonlySet<PaymentStatus> = new Set(['Open', 'Past due']);

export function isCitationOutstanding(citation: Pick<Citation, 'paymentStatus'>): boolean {
  return OUTSTANDING_STATUSES.has(citation.paymentStatus);
}

/** The amount in force before penalties: an operator's override wins over the original amount. */
export function baseAmount(citation: Pick<Citation, 'amount' | 'amountOverride'>): number {
  return citation.amountOverride ?? citation.amount;
}

export function isAmountAdjusted(citation: Pick<Citation, 'amountOverride'>): boolean {
  return citation.amountOverride !== null;
}
