import { addInZone, fromLocalWallTime, shiftLocalDate, toLocalWallTime } from '../format/zoned-time';
import type { DurationUnit, TimeSelectionType } from './pass-values';

const ZONED_UNITS = { MINUTE: 'minute', HOUR: 'hour', DAY: 'day', MONTH: 'month', YEAR: 'year' } as const;

/**
 * `start` plus `count` units. Minutes and hours are exact durations; days, months and years are
 * calendar steps in the tenant's zone, so a day pass bought at 09:00 the day before a DST change
 * ends at 09:00 the next day (23 or 25 hours later), as a person reading the pass expects.
 */
export function addPassDuration(start: Date, count: number, unit: DurationUnit, timeZone: string): Date {
  return addInZone(start, count, ZONED_UNITS[unit], timeZone);
}

/**
 * A product sold for a time of day (the overnight pass, 6 pm to 8 am): local 'HH:mm' in the
 * tenant's zone; `to` at or before `from` crosses midnight into the next day.
 */
export interface DailyWindow {
  from: string;
  to: string;
}

/** The window that opens on a local calendar day, as instants (wall-clock times in the zone). */
function occurrenceOn(localDate: string, window: DailyWindow, timeZone: string) {
  const endDate = window.to <= window.from ? shiftLocalDate(localDate, 1) : localDate;
  return {
    start: fromLocalWallTime(`${localDate}T${window.from}:00.000`, timeZone),
    end: fromLocalWallTime(`${endDate}T${window.to}:00.000`, timeZone),
  };
}

/**
 * The occurrence of the window a pass bought at `now` is for: the one under way (yesterday's,
 * for an overnight window after midnight), else the next one. Computed on wall-clock times, so an
 * overnight window across a DST change lasts 13 or 15 hours, as its clock times say.
 */
export function findDailyWindowOccurrence(
  window: DailyWindow,
  now: Date,
  timeZone: string,
): { start: Date; end: Date } {
  const today = toLocalWallTime(now, timeZone).slice(0, 10);
  for (const offset of [-1, 0, 1]) {
    const occurrence = occurrenceOn(shiftLocalDate(today, offset), window, timeZone);
    if (occurrence.end.getTime() > now.getTime()) return occurrence;
  }
  return occurrenceOn(shiftLocalDate(today, 2), window, timeZone);
}

export interface PassTimeProduct {
  timeSelectionType: TimeSelectionType;
  permitDuration: number;
  permitDurationUnit: DurationUnit;
  chosenDate: string | Date | null;
  chosenEndDate: string | Date | null;
  /** A time-of-day product (type 1 only): it sells the window under way or the next one. */
  dailyWindow?: DailyWindow | null;
}

/** A start within this much of now counts as now (the form showed "now" a moment ago). */
export const START_GRACE_MS = 15 * 60_000;

export type PassWindow = { ok: true; start: Date; end: Date } | { ok: false; reason: PassWindowProblem };

/** Why asked times cannot be a pass: a start in the past, an end before it, too long, or a later start for a pass that starts now. */
export type PassWindowProblem = 'past' | 'order' | 'too-long' | 'starts-now';

/**
 * When a pass runs (section 3's time selection types), decided the same way on the form (to show
 * start and end before paying) and on the server (which stores it):
 * 1: from now for the product's duration (a later `date` is refused: the product starts now), or
 *    for a time-of-day product the daily window under way (from now) or the next one;
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
  if (product.timeSelectionType === 1 && asked.getTime() > now.getTime() + START_GRACE_MS) {
    return { ok: false, reason: 'starts-now' };
  }
  if (product.timeSelectionType === 1 && product.dailyWindow) {
    const occurrence = findDailyWindowOccurrence(product.dailyWindow, now, timeZone);
    return { ok: true, start: occurrence.start < now ? now : occurrence.start, end: occurrence.end };
  }
  const start = asked.getTime() < now.getTime() ? now : asked;
  const longest = addPassDuration(start, product.permitDuration, product.permitDurationUnit, timeZone);
  if (product.timeSelectionType === 1) return { ok: true, start, end: longest };
  const end = input.endDate ? new Date(input.endDate) : longest;
  if (end.getTime() <= start.getTime()) return { ok: false, reason: 'order' };
  if (end.getTime() > longest.getTime()) return { ok: false, reason: 'too-long' };
  return { ok: true, start, end };
}
