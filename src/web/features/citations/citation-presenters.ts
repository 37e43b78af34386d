import type { AppealProgress, Citation, CitationSearchResult } from '../../../shared/contract';
import { calendarDateAfter, formatCalendarDate, formatDate, formatMoney } from '../../../shared/format';
import { appealOutcomeMessages, citationMessages, paymentPlanMessages } from '../../../shared/messages';
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

/**
 * A notice's plan as the list says it, like the notice page (issue 31): "On a payment plan" with
 * what is paid and what remains, or that the plan ended; null when no plan bears on the row.
 */
export function planCell(
  citation: Pick<CitationSearchResult, 'paymentPlan' | 'paymentStatus' | 'datePaid' | 'voidDate'>,
): { label: string; detail: string | null } | null {
  const plan = citation.paymentPlan;
  if (!plan || isCitationPaid(citation)) return null;
  if (plan.status === 'active') {
    return {
      label: paymentPlanMessages.onPlanTitle,
      detail: `${fillMessage(paymentPlanMessages.onPlanPaid, { amount: formatMoney(plan.paid) })} · ${fillMessage(
        paymentPlanMessages.onPlanRemaining,
        { amount: formatMoney(plan.remaining) },
      )}`,
    };
  }
  if (plan.status === 'defaulted') return { label: paymentPlanMessages.listPlanEnded, detail: null };
  return null;
}

export function descriptionCell(citation: Citation): string {
  return [citation.citationName, citation.citationDescription].filter(Boolean).join(' — ');
}

export interface HistoryEntry {
  key: string;
  date: string;
  text: string;
}

/** A dated step between issue and settlement; `day` is the tenant-local 'YYYY-MM-DD' it sorts by. */
type DatedEntry = HistoryEntry & { day: string };

/** The answer as the notice's history says it: denied, or approved and what it did to the notice. */
function answeredText(appeal: AppealProgress): string {
  if (appeal.outcome !== 'approved') return citationMessages.historyAppealDenied;
  if (appeal.resolution === 'voided') return appealOutcomeMessages.historyApprovedVoided;
  if (appeal.resolution === 'reduced' && appeal.reducedAmount !== null) {
    return fillMessage(appealOutcomeMessages.historyApprovedReduced, {
      amount: formatMoney(appeal.reducedAmount),
    });
  }
  return citationMessages.historyAppealApproved;
}

function appealEntries(appeal: AppealProgress, timeZone: string): DatedEntry[] {
  const submitted: DatedEntry = {
    key: 'appealed',
    day: calendarDateAfter(appeal.submittedOn, timeZone, 0),
    date: formatDate(appeal.submittedOn, timeZone, 'dateTime'),
    text: citationMessages.historyAppealed,
  };
  if (appeal.outcome === 'pending' || !appeal.answeredOn) return [submitted];
  return [
    submitted,
    {
      key: 'answered',
      day: calendarDateAfter(appeal.answeredOn, timeZone, 0),
      date: formatDate(appeal.answeredOn, timeZone, 'dateTime'),
      text: answeredText(appeal),
    },
  ];
}

/**
 * Issued, then penalties and the appeal's steps in date order, then paid or voided: the notice's
 * history, oldest first.
 */
export function citationHistory(
  citation: Citation & { appeal?: AppealProgress | null },
  timeZone: string,
): HistoryEntry[] {
  const issued: HistoryEntry = {
    key: 'issued',
    date: formatDate(citation.createdOn, timeZone, 'dateTime'),
    text: citationMessages.historyIssued,
  };
  const penalties: DatedEntry[] = citation.latePenalties
    .filter((penalty) => penalty.isApplied)
    .map((step) => ({
      key: `penalty-${step.days}`,
      day: step.appliesOn,
      date: formatCalendarDate(step.appliesOn),
      text: fillMessage(citationMessages.historyPenalty, { amount: formatMoney(step.amount) }),
    }));
  const steps = [...penalties, ...(citation.appeal ? appealEntries(citation.appeal, timeZone) : [])]
    // A stable sort: on one day, penalties come before the appeal's steps.
    .sort((a, b) => a.day.localeCompare(b.day))
    .map(({ day: _day, ...entry }) => entry);
  return [issued, ...steps, ...settlement(citation, timeZone)];
}

function settlement(citation: Citation, timeZone: string): HistoryEntry[] {
  if (isCitationPaid(citation)) {
    return [
      {
        key: 'paid',
        date: citation.datePaid ? formatDate(citation.datePaid, timeZone, 'dateTime') : '',
        text: fillMessage(citationMessages.historyPaid, { amount: formatMoney(citation.amountPaid ?? 0) }),
      },
    ];
  }
  if (citation.voidDate || citationBannerKind(citation) === 'voided') {
    return [
      {
        key: 'voided',
        date: citation.voidDate ? formatDate(citation.voidDate, timeZone, 'dateTime') : '',
        text: citationMessages.historyVoided,
      },
    ];
  }
  return [];
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
