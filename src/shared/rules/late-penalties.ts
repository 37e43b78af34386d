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
  const { lateDays1, lateAmount1, lateDays2, lateAmount2 } = citation;
  const hasTiers =
    (lateDays1 !== null && lateAmount1 !== null) || (lateDays2 !== null && lateAmount2 !== null);
  // Without tiers there is no calendar to read: the lookup computes this for every notice it shows.
  const age = hasTiers ? calendarDaysBetween(citation.createdOn, now, timeZone) : 0;
  const lateFee = tierFee(lateDays1, lateAmount1, age) + tierFee(lateDays2, lateAmount2, age);
  return { lateFee, amountDue: citation.amount + lateFee };
}

/** A tier's amount once the notice is `days` days old; a tier missing either part never applies. */
function tierFee(days: number | null, amount: number | null, age: number): number {
  return days !== null && amount !== null && age >= days ? amount : 0;
}
