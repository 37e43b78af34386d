import type { Citation } from '../contract/citations';
import { calendarDaysBetween } from '../format/dates';

type PenaltyFields = Pick<
  Citation,
  'amount' | 'amountOverride' | 'createdOn' | 'lateAmount1' | 'lateDays1' | 'lateAmount2' | 'lateDays2'
>;

export interface AmountDue {
  /** Penalties reached by today's date; 0 when an override is in force. */
  lateFee: number;
  amountDue: number;
}

/**
 * What a notice costs today. Each tier adds its amount once the notice is at least lateDaysN
 * calendar days old in the tenant's time zone; the tiers add up. An operator's override is the
 * final figure the operator settled on, so no penalty is added to it (docs/decisions/004).
 */
export function computeAmountDue(citation: PenaltyFields, now: Date, timeZone: string): AmountDue {
  if (citation.amountOverride !== null) return { lateFee: 0, amountDue: citation.amountOverride };
  const age = calendarDaysBetween(citation.createdOn, now, timeZone);
  const tiers: Array<[number | null, number | null]> = [
    [citation.lateDays1, citation.lateAmount1],
    [citation.lateDays2, citation.lateAmount2],
  ];
  const lateFee = tiers.reduce(
    (sum, [days, amount]) => (days !== null && amount !== null && age >= days ? sum + amount : sum),
    0,
  );
  return { lateFee, amountDue: citation.amount + lateFee };
}
