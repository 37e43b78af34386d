import type { Citation } from '../../../shared/contract';
import { formatCalendarDate, formatDate, formatMoney } from '../../../shared/format';
import { citationMessages } from '../../../shared/messages';
import { fillMessage } from '../../../shared/messages/fill';
import {
  citationBannerKind,
  displayPaymentStatus,
  isAmountAdjusted,
  isCitationPaid,
} from '../../../shared/rules';

/** ISSUED column: the issue date, or 'Paid on {date}' for a paid notice. */
export function issuedCell(citation: Citation, timeZone: string): string {
  if (isCitationPaid(citation) && citation.datePaid) {
    return `${citationMessages.paidOn} ${formatDate(citation.datePaid, timeZone)}`;
  }
  return formatDate(citation.createdOn, timeZone);
}

/**
 * AMOUNT column, from the server's figures (docs/decisions/100): what is due today (penalties or
 * override included, 0 once voided), or what was paid. 'Adjusted' while an override is in force.
 * The rows' amounts due add up to the list's 'Total amount due'.
 */
export function amountCell(citation: Citation): { amount: string; label: string } {
  const isPaid = isCitationPaid(citation);
  return {
    amount: formatMoney(isPaid ? (citation.amountPaid ?? 0) : citation.amountDue),
    label:
      !isPaid && isAmountAdjusted(citation)
        ? citationMessages.adjusted
        : displayPaymentStatus(citation.paymentStatus),
  };
}

export function descriptionCell(citation: Citation): string {
  return [citation.citationName, citation.citationDescription].filter(Boolean).join(' — ');
}

export interface HistoryEntry {
  key: string;
  date: string;
  text: string;
}

/** Issued, each penalty on its date, then paid or voided: the notice's history, oldest first. */
export function citationHistory(citation: Citation, timeZone: string): HistoryEntry[] {
  const entries: HistoryEntry[] = [
    {
      key: 'issued',
      date: formatDate(citation.createdOn, timeZone, 'dateTime'),
      text: citationMessages.historyIssued,
    },
  ];
  for (const step of citation.latePenalties.filter((penalty) => penalty.isApplied)) {
    entries.push({
      key: `penalty-${step.days}`,
      date: formatCalendarDate(step.appliesOn),
      text: fillMessage(citationMessages.historyPenalty, { amount: formatMoney(step.amount) }),
    });
  }
  if (isCitationPaid(citation)) {
    entries.push({
      key: 'paid',
      date: citation.datePaid ? formatDate(citation.datePaid, timeZone, 'dateTime') : '',
      text: fillMessage(citationMessages.historyPaid, { amount: formatMoney(citation.amountPaid ?? 0) }),
    });
  } else if (citation.voidDate || citationBannerKind(citation) === 'voided') {
    entries.push({
      key: 'voided',
      date: citation.voidDate ? formatDate(citation.voidDate, timeZone, 'dateTime') : '',
      text: citationMessages.historyVoided,
    });
  }
  return entries;
}

/** The next penalty the notice will reach if it stays unpaid, as a sentence; null when none. */
export function upcomingPenaltyText(citation: Citation): string | null {
  if (citationBannerKind(citation) !== 'payable' || citation.amountOverride !== null) return null;
  const next = citation.latePenalties.find((step) => !step.isApplied);
  if (!next) return null;
  return fillMessage(citationMessages.upcomingPenalty, {
    amount: formatMoney(next.amount),
    date: formatCalendarDate(next.appliesOn),
  });
}
