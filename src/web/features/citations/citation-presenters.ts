import type { Citation } from '../../../shared/contract';
import { formatDate, formatMoney } from '../../../shared/format';
import { citationMessages } from '../../../shared/messages';
import { displayPaymentStatus, isAmountAdjusted, isCitationPaid } from '../../../shared/rules';

/** ISSUED column: the issue date, or 'Paid on {date}' for a paid notice. */
export function issuedCell(citation: Citation, timeZone: string): string {
  if (isCitationPaid(citation) && citation.datePaid) {
    return `${citationMessages.paidOn} ${formatDate(citation.datePaid, timeZone)}`;
  }
  return formatDate(citation.createdOn, timeZone);
}

/** AMOUNT column: the amount in force and the status, or 'Adjusted' while an override applies. */
export function amountCell(citation: Citation): { amount: string; label: string } {
  return {
    amount: formatMoney(citation.amountOverride ?? citation.amount),
    label: isAmountAdjusted(citation)
      ? citationMessages.adjusted
      : displayPaymentStatus(citation.paymentStatus),
  };
}

export function descriptionCell(citation: Citation): string {
  return [citation.citationName, citation.citationDescription].filter(Boolean).join(' — ');
}
