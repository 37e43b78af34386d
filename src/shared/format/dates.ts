import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The spec's display formats. */
export const DATE_FORMATS = {
  date: 'MM/DD/YYYY',
  time: 'hh:mm A',
  longDate: 'MMM DD, YYYY',
  dateTime: 'MMM DD, YYYY hh:mm A',
} as const;

export type DateFormatName = keyof typeof DATE_FORMATS;

/** The one way an instant is shown: in the tenant's time zone, in one of the spec's formats. */
export function formatDate(
  instant: string | Date,
  timeZone: string,
  format: DateFormatName = 'date',
): string {
  return dayjs(instant).tz(timeZone).format(DATE_FORMATS[format]);
}

/**
 * One formatter per time zone, kept: building an Intl formatter costs far more than using one, and
 * dayjs's tz() builds a new one on every call, which made each notice of a search cost about a
 * millisecond of CPU (docs/benchmarks.md). Only valid zones reach the map: a bad one throws first.
 */
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    });
    dayFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The calendar date of an instant in a time zone, as a count of days since 1970-01-01. */
function calendarDayNumber(instant: string | Date, timeZone: string): number {
  const parts = dayFormatter(timeZone).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(part('year'), part('month') - 1, part('day')) / 86_400_000;
}

/** Whole calendar days from one instant to another, counted in the given time zone. */
export function calendarDaysBetween(from: string | Date, to: string | Date, timeZone: string): number {
  return calendarDayNumber(to, timeZone) - calendarDayNumber(from, timeZone);
}

/**
 * The calendar date `plusDays` after an instant's date in a time zone, as 'YYYY-MM-DD': the day a
 * late penalty applies. A plain date needs no zone to be shown (formatCalendarDate).
 */
export function calendarDateAfter(instant: string | Date, timeZone: string, plusDays: number): string {
  const day = calendarDayNumber(instant, timeZone) + plusDays;
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

/** A 'YYYY-MM-DD' calendar date in one of the spec's date formats. */
export function formatCalendarDate(date: string, format: 'date' | 'longDate' = 'longDate'): string {
  return dayjs.utc(date).format(DATE_FORMATS[format]);
}

export { dayjs };
