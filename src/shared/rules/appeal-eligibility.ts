import type { Citation } from '../contract/citations';
import { calendarDaysBetween } from '../format/dates';
import { isCitationPaid, isCitationVoided } from './citation-status';

/** Why a notice can or cannot be appealed now. */
export type AppealEligibility = 'eligible' | 'paid' | 'voided' | 'appealed' | 'window-expired';

/**
 * One appeal per notice; none for paid, voided or archived notices; none once more than
 * `windowDays` calendar days have passed since issue, counted in the tenant's time zone
 * (issued on the 1st with 21 days: the 22nd is the last day, the 23rd is too late).
 */
export function appealEligibility(options: {
  citation: Pick<Citation, 'paymentStatus' | 'datePaid' | 'voidDate' | 'createdOn'>;
  hasAppeal: boolean;
  now: Date;
  timeZone: string;
  windowDays: number;
}): AppealEligibility {
  const { citation } = options;
  if (options.hasAppeal) return 'appealed';
  if (isCitationPaid(citation)) return 'paid';
  if (isCitationVoided(citation)) return 'voided';
  const daysSinceIssue = calendarDaysBetween(citation.createdOn, options.now, options.timeZone);
  return daysSinceIssue > options.windowDays ? 'window-expired' : 'eligible';
}
