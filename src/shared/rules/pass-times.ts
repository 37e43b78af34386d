import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { DurationUnit, TimeSelectionType } from './pass-values';

dayjs.extend(utc);
dayjs.extend(timezone);

const LOCAL_FORMAT = 'YYYY-MM-DDTHH:mm:ss.SSS';
const CALENDAR_UNITS = { DAY: 'day', MONTH: 'month', YEAR: 'year' } as const;
const EXACT_MS = { MINUTE: 60_000, HOUR: 3_600_000 } as const;

/** The wall-clock time of an instant in a zone, e.g. '2026-03-08T09:00:00.000'. */
export function toLocalWallTime(instant: Date, timeZone: string): string {
  return dayjs(instant).tz(timeZone).format(LOCAL_FORMAT);
}

/** The instant a wall-clock time names in a zone (the later one in a DST gap's skipped hour). */
export function fromLocalWallTime(local: string, timeZone: string): Date {
  return dayjs.tz(local, timeZone).toDate();
}

/**
 * `start` plus `count` units. Minutes and hours are exact durations; days, months and years are
 * calendar steps in the tenant's zone, so a day pass bought at 09:00 the day before a DST change
 * ends at 09:00 the next day (23 or 25 hours later), as a person reading the pass expects.
 */
export function addPassDuration(start: Date, count: number, unit: DurationUnit, timeZone: string): Date {
  if (unit === 'MINUTE' || unit === 'HOUR') return new Date(start.getTime() + count * EXACT_MS[unit]);
  // Calendar arithmetic on the wall-clock time, without the zone's offsets, then back to an instant.
  const local = dayjs.utc(toLocalWallTime(start, timeZone)).add(count, CALENDAR_UNITS[unit]);
  return fromLocalWallTime(local.format(LOCAL_FORMAT), timeZone);
}

export interface PassTimeProduct {
  timeSelectionType: TimeSelectionType;
  permitDuration: number;
  permitDurationUnit: DurationUnit;
  chosenDate: string | Date | null;
  chosenEndDate: string | Date | null;
}

/** A start within this much of now counts as now (the form showed "now" a moment ago). */
export const START_GRACE_MS = 15 * 60_000;

export type PassWindow =
  | { ok: true; start: Date; end: Date }
  | { ok: false; reason: 'past' | 'order' | 'too-long' };

/**
 * When a pass runs (section 3's time selection types), decided the same way on the form (to show
 * start and end before paying) and on the server (which stores it):
 * 1: from `date` (or now, if earlier) for the product's duration;
 * 2: the product's preset chosenDate to chosenEndDate;
 * 3: the user's `date` to `endDate`, at most the product's duration long.
 */
export function computePassWindow(
  product: PassTimeProduct,
  input: { date: string | null; endDate: string | null },
  now: Date,
  timeZone: string,
): PassWindow {
  if (product.timeSelectionType === 2) {
    return {
      ok: true,
      start: new Date(product.chosenDate ?? now),
      end: new Date(product.chosenEndDate ?? now),
    };
  }
  const asked = input.date ? new Date(input.date) : now;
  if (asked.getTime() < now.getTime() - START_GRACE_MS) return { ok: false, reason: 'past' };
  const start = asked.getTime() < now.getTime() ? now : asked;
  const longest = addPassDuration(start, product.permitDuration, product.permitDurationUnit, timeZone);
  if (product.timeSelectionType === 1) return { ok: true, start, end: longest };
  const end = input.endDate ? new Date(input.endDate) : longest;
  if (end.getTime() <= start.getTime()) return { ok: false, reason: 'order' };
  if (end.getTime() > longest.getTime()) return { ok: false, reason: 'too-long' };
  return { ok: true, start, end };
}
