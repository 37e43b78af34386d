import type { Citation } from '../contract/citations';
import { calendarDateAfter } from '../format/dates';
import { computeCheckoutFees, type TenantFees } from './checkout-fees';
import { bannerKindFor } from './citation-banner';
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
  const kind = bannerKindFor(citation, due.amountDue);
  const isOwed = kind === 'payable' || kind === 'warning';
  const amountDue = isOwed ? due.amountDue : 0;
  const charge = computeCheckoutFees(kind === 'payable' ? amountDue : 0, fees);
  return {
    lateFee: isOwed ? due.lateFee : 0,
    amountDue,
    amountPaid: isCitationPaid(citation) ? (citation.paidTotal ?? baseAmount(citation)) : null,
    latePenalties: latePenaltySteps(citation, now, timeZone, isOwed && citation.amountOverride === null),
    processingFee: charge.processingFee,
    serviceFee: charge.serviceFee,
    totalCharge: kind === 'payable' ? charge.total : 0,
  };
}

/**
 * The notice's penalty tiers in order, each with the tenant-local date it applies from and
 * whether today's amount includes it (only where penalties may apply at all). Built in place:
 * this runs for every notice the lookup shows (docs/benchmarks.md).
 */
function latePenaltySteps(
  citation: CitationAmountInputs,
  now: Date,
  timeZone: string,
  mayApply: boolean,
): LatePenaltyStep[] {
  const steps: LatePenaltyStep[] = [];
  addStep(steps, citation.lateDays1, citation.lateAmount1, citation.createdOn, timeZone);
  addStep(steps, citation.lateDays2, citation.lateAmount2, citation.createdOn, timeZone);
  if (!mayApply || steps.length === 0) return steps;
  const today = calendarDateAfter(now, timeZone, 0);
  for (const step of steps) step.isApplied = step.appliesOn <= today;
  return steps;
}

/** A tier, if both its parts are set: it applies `days` calendar days after the notice's date. */
function addStep(
  steps: LatePenaltyStep[],
  days: number | null,
  amount: number | null,
  createdOn: string,
  timeZone: string,
): void {
  if (days === null || amount === null) return;
  steps.push({ days, amount, appliesOn: calendarDateAfter(createdOn, timeZone, days), isApplied: false });
}
