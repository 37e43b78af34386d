import type { Citation } from '../contract/citations';
import { calendarDateAfter } from '../format/dates';
import { computeCheckoutFees, type TenantFees } from './checkout-fees';
import { citationBannerKind } from './citation-banner';
import { baseAmount, isCitationPaid } from './citation-status';
import { computeAmountDue } from './late-penalties';

/** The stored fields of a notice its amounts are computed from. */
type CitationAmountInputs = Pick<
  Citation,
  | 'amount'
  | 'amountOverride'
  | 'createdOn'
  | 'datePaid'
  | 'voidDate'
  | 'paymentStatus'
  | 'paidTotal'
  | 'lateAmount1'
  | 'lateDays1'
  | 'lateAmount2'
  | 'lateDays2'
>;

/** One late-penalty tier with the tenant-local date it applies from. */
export interface LatePenaltyStep {
  days: number;
  amount: number;
  /** 'YYYY-MM-DD' in the tenant's time zone. */
  appliesOn: string;
  /** Whether the penalty is part of today's amount due. */
  isApplied: boolean;
}

/** Every figure a notice shows, computed once by the server (docs/decisions/100). */
export type CitationAmounts = Pick<
  Citation,
  'lateFee' | 'amountDue' | 'amountPaid' | 'latePenalties' | 'processingFee' | 'serviceFee' | 'totalCharge'
>;

/** A notice's stored fields as the API names them: a Citation before its amounts are added. */
export type StoredCitation = Omit<Citation, keyof CitationAmounts>;

/**
 * The one amount model. A notice that is still owed costs its override (final, no penalties) or
 * its amount plus the penalty tiers reached by today's tenant-local date; fees are separate lines
 * on top. A paid notice owes nothing and shows what was paid (paidTotal, or the amount in force
 * when the payment was recorded without one); a voided or archived notice owes nothing. The list,
 * the detail page, the checkout, the receipt and the printable notice all read these figures.
 */
export function computeCitationAmounts(
  citation: CitationAmountInputs,
  now: Date,
  timeZone: string,
  fees: TenantFees,
): CitationAmounts {
  const due = computeAmountDue(citation, now, timeZone);
  // Only the fields the banner reads: a copy of the whole notice per row was measurable on the
  // lookup (docs/benchmarks.md).
  const kind = citationBannerKind({
    paymentStatus: citation.paymentStatus,
    datePaid: citation.datePaid,
    voidDate: citation.voidDate,
    amountDue: due.amountDue,
  });
  const isOwed = kind === 'payable' || kind === 'warning';
  const schedule = penaltySchedule(citation, timeZone);
  const mayApply = isOwed && citation.amountOverride === null;
  const today = mayApply && schedule.length > 0 ? todayIn(now, timeZone) : '';
  const latePenalties = schedule.map((step) => ({ ...step, isApplied: mayApply && step.appliesOn <= today }));
  const amountDue = isOwed ? due.amountDue : 0;
  const charge = computeCheckoutFees(kind === 'payable' ? amountDue : 0, fees);
  return {
    lateFee: isOwed ? due.lateFee : 0,
    amountDue,
    amountPaid: isCitationPaid(citation) ? (citation.paidTotal ?? baseAmount(citation)) : null,
    latePenalties,
    processingFee: charge.processingFee,
    serviceFee: charge.serviceFee,
    totalCharge: kind === 'payable' ? charge.total : 0,
  };
}

function todayIn(now: Date, timeZone: string): string {
  return calendarDateAfter(now, timeZone, 0);
}

/** The notice's penalty tiers in order, each with the local date it starts to apply. */
function penaltySchedule(
  citation: CitationAmountInputs,
  timeZone: string,
): Omit<LatePenaltyStep, 'isApplied'>[] {
  const tiers: Array<[number | null, number | null]> = [
    [citation.lateDays1, citation.lateAmount1],
    [citation.lateDays2, citation.lateAmount2],
  ];
  return tiers
    .filter((tier): tier is [number, number] => tier[0] !== null && tier[1] !== null)
    .map(([days, amount]) => ({
      days,
      amount,
      appliesOn: calendarDateAfter(citation.createdOn, timeZone, days),
    }));
}
