import { formatDate } from '../format/dates';
import { addInZone } from '../format/zoned-time';
import { fillMessage } from '../messages/fill';
import { formatPassMessage, passMessages, periodMessages } from '../messages/passes';
import type { PassPaidStatus } from './pass-values';

/**
 * How a pass reads on the dashboard and the receipt page (part 2 section 4), and which dashboard
 * filter it falls under. Pure: the caller passes `now` and the tenant's time zone, so the rules
 * are the same on the server, in the browser and in tests (expiry and DST edges).
 */
export interface DisplayablePass {
  paidStatus: PassPaidStatus;
  /** ISO instants. */
  issuedOn: string;
  expiresAt: string;
  /** The primary vehicle's plate; empty or null shows 'Needs input'. */
  plate?: string | null;
}

export const PASS_FILTERS = ['all', 'active', 'approval', 'expired'] as const;
export type PassFilter = (typeof PASS_FILTERS)[number];

/** The filter buttons' labels, in the spec's order and wording. */
export const PASS_FILTER_LABELS: Record<PassFilter, string> = {
  all: 'All',
  active: 'Active',
  approval: 'Approval needed',
  expired: 'Expired/Rejected',
};

const at = (instant: string) => Date.parse(instant);

/** A paid pass that has not started yet ('Active starting …'). */
export function isUpcoming(pass: DisplayablePass, now: Date): boolean {
  return pass.paidStatus === 'paid' && at(pass.issuedOn) > now.getTime();
}

/** A paid pass whose end has come: the end instant itself already counts as expired. */
export function isPastExpiry(pass: DisplayablePass, now: Date): boolean {
  return pass.paidStatus === 'paid' && at(pass.expiresAt) <= now.getTime();
}

/**
 * Section 4's filters. Active: valid and now before expiry (or starting in the future).
 * Expired/Rejected: rejected, or paid and past expiry; a pass the server already marked expired
 * shows 'Expired' too, so it belongs there as well. Approval needed: waiting.
 */
export function matchesPassFilter(pass: DisplayablePass, filter: PassFilter, now: Date): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'active':
      return pass.paidStatus === 'paid' && (!isPastExpiry(pass, now) || isUpcoming(pass, now));
    case 'approval':
      return pass.paidStatus === 'waiting';
    case 'expired':
      return pass.paidStatus === 'rejected' || pass.paidStatus === 'expired' || isPastExpiry(pass, now);
  }
}

/** How many passes each filter holds, for the buttons' counts. */
export function countByFilter(passes: readonly DisplayablePass[], now: Date): Record<PassFilter, number> {
  const counts: Record<PassFilter, number> = { all: 0, active: 0, approval: 0, expired: 0 };
  for (const pass of passes) {
    for (const filter of PASS_FILTERS) if (matchesPassFilter(pass, filter, now)) counts[filter] += 1;
  }
  return counts;
}

const capitalise = (value: string) => (value ? value[0]?.toUpperCase() + value.slice(1) : value);

/**
 * The status text of a pass. The dashboard and the receipt differ only in two wordings: a pass
 * not yet started ('Active starting' / 'Pass will be active') and an unpaid one ('Needs payment' /
 * 'Payment required', which the receipt shows with its 'Proceed to payment' button).
 */
export function passStatusText(
  pass: DisplayablePass,
  options: { now: Date; timeZone: string; surface: 'dashboard' | 'receipt' },
): string {
  const { now, timeZone, surface } = options;
  const date = (instant: string) => formatDate(instant, timeZone, 'dateTime');
  switch (pass.paidStatus) {
    case 'paid':
      if (isUpcoming(pass, now)) {
        const template =
          surface === 'dashboard' ? passMessages.activeStarting : passMessages.passWillBeActive;
        return formatPassMessage(template, { date: date(pass.issuedOn) });
      }
      if (isPastExpiry(pass, now))
        return formatPassMessage(passMessages.expiredOn, { date: date(pass.expiresAt) });
      return passMessages.statusValid;
    case 'waiting':
      return passMessages.statusWaiting;
    case 'rejected':
      return passMessages.statusRejected;
    case 'expired':
      return passMessages.statusExpired;
    case 'incomplete':
      return surface === 'dashboard' ? passMessages.statusNeedsPayment : passMessages.paymentRequired;
    case 'canceled':
      return passMessages.statusCanceled;
    default:
      return capitalise(pass.paidStatus);
  }
}

/** The PLATE column: the plate, or 'Needs input' when none was given. */
export function plateText(plate: string | null | undefined): string {
  return plate?.trim() ? plate : passMessages.needsInput;
}

/** The tone of a status chip: what the eye should catch first. */
export type StatusTone = 'valid' | 'upcoming' | 'attention' | 'ended';

export function passStatusTone(pass: DisplayablePass, now: Date): StatusTone {
  if (pass.paidStatus === 'waiting' || pass.paidStatus === 'incomplete') return 'attention';
  if (pass.paidStatus === 'paid') {
    if (isUpcoming(pass, now)) return 'upcoming';
    return isPastExpiry(pass, now) ? 'ended' : 'valid';
  }
  return 'ended';
}

/** A paid status as a word in a list or chart (no dates: 'paid' covers valid and ended passes). */
export function paidStatusLabel(status: PassPaidStatus): string {
  switch (status) {
    case 'paid':
      return passMessages.statusPaid;
    case 'canceled':
      return passMessages.statusCanceled;
    case 'waiting':
      return passMessages.statusWaiting;
    case 'incomplete':
      return passMessages.statusNeedsPayment;
    case 'rejected':
      return passMessages.statusRejected;
    case 'expired':
      return passMessages.statusExpired;
    default:
      return capitalise(status);
  }
}

/** '1 day', '3 hours': a part of a pass's length, in the current language. */
const plural = (count: number, unit: 'month' | 'day' | 'hour' | 'minute') =>
  count === 1 ? periodMessages[`${unit}One`] : fillMessage(periodMessages[`${unit}Many`], { count });

/**
 * How long a pass runs, in the tenant's calendar: a pass from 10:00 to 10:00 the next day is
 * '1 day' even across a DST change (23 or 25 hours of clock time). Months, then days, hours and
 * minutes; the two largest non-zero parts.
 */
export function describePassWindow(issuedOn: string, expiresAt: string, timeZone: string): string {
  let cursor = new Date(issuedOn);
  const end = new Date(expiresAt).getTime();
  if (!(end > cursor.getTime())) return plural(0, 'minute');
  const parts: string[] = [];
  for (const unit of ['month', 'day', 'hour', 'minute'] as const) {
    let count = 0;
    // Whole units that fit, stepped in the zone so a day is a calendar day.
    while (addInZone(cursor, count + 1, unit, timeZone).getTime() <= end) count += 1;
    if (count > 0) parts.push(plural(count, unit));
    cursor = addInZone(cursor, count, unit, timeZone);
  }
  return parts.slice(0, 2).join(' ') || plural(0, 'minute');
}
