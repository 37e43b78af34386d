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

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * One Intl formatter per time zone for these options, kept: building an Intl formatter costs far
 * more than using one, and dayjs's tz() builds a new one on every call, which made each notice of
 * a search cost about a millisecond of CPU (docs/benchmarks.md). Only valid zones are kept: a bad
 * one throws when its formatter is built.
 */
function keptFormatters(options: Intl.DateTimeFormatOptions): (timeZone: string) => Intl.DateTimeFormat {
  const byZone = new Map<string, Intl.DateTimeFormat>();
  return (timeZone) => {
    let formatter = byZone.get(timeZone);
    if (!formatter) {
      formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
      byZone.set(timeZone, formatter);
    }
    return formatter;
  };
}

/** The parts of the spec's display formats. */
const displayFormatter = keptFormatters({
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
});

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * The one way an instant is shown: in the tenant's time zone, in one of the spec's formats
 * (DATE_FORMATS, as dayjs writes them). Written from a kept Intl formatter's parts: dayjs's tz()
 * built a new formatter on every call, a third of the plate check's CPU where a plate had twenty
 * passes (docs/benchmarks.md). Unit tests compare it with dayjs on random instants in many zones.
 */
export function formatDate(
  instant: string | Date,
  timeZone: string,
  format: DateFormatName = 'date',
): string {
  const date = instant instanceof Date ? instant : dayjs(instant).toDate();
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  const parts: Record<string, number> = {};
  for (const part of displayFormatter(timeZone).formatToParts(date)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0 } = parts;
  const yyyy = String(year).padStart(4, '0');
  if (format === 'date') return `${twoDigits(month)}/${twoDigits(day)}/${yyyy}`;
  const longDate = `${MONTH_NAMES[month - 1]} ${twoDigits(day)}, ${yyyy}`;
  if (format === 'longDate') return longDate;
  const time = `${twoDigits(hour % 12 || 12)}:${twoDigits(minute)} ${hour < 12 ? 'AM' : 'PM'}`;
  return format === 'time' ? time : `${longDate} ${time}`;
}

/** The calendar date's parts, for day arithmetic. */
const dayFormatter = keptFormatters({ year: 'numeric', month: 'numeric', day: 'numeric' });

/** The calendar date of an instant in a time zone, as a count of days since 1970-01-01. */
function exactDayNumber(time: number, timeZone: string): number {
  const parts = dayFormatter(timeZone).formatToParts(new Date(time));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(part('year'), part('month') - 1, part('day')) / 86_400_000;
}

const DAY_MS = 86_400_000;
/** No zone is more than 14 hours from UTC, so day k starts within 15 hours of UTC midnight. */
const ZONE_REACH_MS = 15 * 3_600_000;
const MAX_CACHED_DAYS_PER_ZONE = 20_000;
const dayStarts = new Map<string, Map<number, number>>();

/** Per zone, how far the last day start found was from UTC midnight: the next one is usually as far. */
const lastOffsets = new Map<string, number>();
const HOUR_MS = 3_600_000;

/** Whether `time` is the first instant of day k in the zone: day k there, and day k - 1 a ms before. */
function isDayStart(k: number, time: number, timeZone: string): boolean {
  return exactDayNumber(time, timeZone) === k && exactDayNumber(time - 1, timeZone) === k - 1;
}

/**
 * The first instant (ms) whose calendar date in the zone is day k, found exactly and cached per
 * zone and day. First guess: as far from UTC midnight as the zone's last day start (or an hour
 * either way, for a DST change), each checked with two Intl calls; failing that (a zone's first
 * day, a midnight that DST skips), bisection over Intl's answer.
 */
function dayStart(k: number, timeZone: string): number {
  let starts = dayStarts.get(timeZone);
  if (!starts) {
    starts = new Map();
    dayStarts.set(timeZone, starts);
  }
  const known = starts.get(k);
  if (known !== undefined) return known;
  let start: number | undefined;
  const offset = lastOffsets.get(timeZone);
  if (offset !== undefined) {
    start = [0, -HOUR_MS, HOUR_MS]
      .map((delta) => k * DAY_MS - offset + delta)
      .find((guess) => isDayStart(k, guess, timeZone));
  }
  if (start === undefined) {
    let low = k * DAY_MS - ZONE_REACH_MS; // before day k everywhere
    let high = k * DAY_MS + ZONE_REACH_MS; // within day k or after it everywhere
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      if (exactDayNumber(middle, timeZone) >= k) high = middle;
      else low = middle;
    }
    start = high;
  }
  if (starts.size >= MAX_CACHED_DAYS_PER_ZONE) starts.clear();
  starts.set(k, start);
  lastOffsets.set(timeZone, k * DAY_MS - start);
  return start;
}

/**
 * The calendar date of an instant in a time zone, as a count of days since 1970-01-01. Intl's
 * formatToParts costs tens of microseconds and the notice lookup asks twice per notice and late
 * tier (docs/benchmarks.md), so the answer comes from the cached instants at which the zone's
 * days begin: the same answer (unit tests compare both over DST changes and random instants).
 */
function calendarDayNumber(instant: string | Date, timeZone: string): number {
  const time = new Date(instant).getTime();
  if (!Number.isFinite(time)) return exactDayNumber(time, timeZone); // throws, as Intl does
  dayFormatter(timeZone); // throws on an unknown zone, before anything is cached for it
  const utcDay = Math.floor(time / DAY_MS);
  for (let k = utcDay - 1; k <= utcDay + 1; k++) {
    if (dayStart(k, timeZone) <= time && time < dayStart(k + 1, timeZone)) return k;
  }
  return exactDayNumber(time, timeZone);
}

/** The exact, slow answer the cached one must equal (unit tests). */
export function calendarDayNumberFromIntl(instant: string | Date, timeZone: string): number {
  return exactDayNumber(new Date(instant).getTime(), timeZone);
}

/** The calendar date of an instant in a time zone, as a count of days since 1970-01-01 (cached). */
export function calendarDayNumberIn(instant: string | Date, timeZone: string): number {
  return calendarDayNumber(instant, timeZone);
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
