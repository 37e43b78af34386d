import { currentLocale } from '../i18n/current';
import { civilFromDays, DAY_MS } from './civil-days';
import { assertTimeZone, wallClockIn } from './zone-offsets';

/** The spec's display formats. */
export const DATE_FORMATS = {
  date: 'MM/DD/YYYY',
  time: 'hh:mm A',
  longDate: 'MMM DD, YYYY',
  dateTime: 'MMM DD, YYYY hh:mm A',
} as const;

export type DateFormatName = keyof typeof DATE_FORMATS;

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** Month abbreviations as fr-CA and es-419 write them (Intl's 'short' months). */
const FRENCH_MONTHS = [
  'janv.',
  'févr.',
  'mars',
  'avr.',
  'mai',
  'juin',
  'juill.',
  'août',
  'sept.',
  'oct.',
  'nov.',
  'déc.',
];
const SPANISH_MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'];

/**
 * An instant's wall clock in the current language's own formats (issue 30), as Intl writes them
 * for fr-CA ('2026-11-05', '5 nov. 2026', '14 h 05') and es-419 ('05/11/2026', '5 nov 2026',
 * '2:05 p.m.'): written here, without Intl, so pages hydrate without a date formatter (decision 173).
 */
function formatInLanguage(
  language: 'fr' | 'es',
  {
    year,
    month,
    day,
    hour,
    minute,
  }: { year: number; month: number; day: number; hour: number; minute: number },
  format: DateFormatName,
): string {
  const yyyy = String(year).padStart(4, '0');
  const months = language === 'fr' ? FRENCH_MONTHS : SPANISH_MONTHS;
  const longDate = `${day} ${months[month - 1]} ${yyyy}`;
  const time = clockTimeIn(language, hour, minute);
  if (format === 'date') {
    return language === 'fr'
      ? `${yyyy}-${twoDigits(month)}-${twoDigits(day)}`
      : `${twoDigits(day)}/${twoDigits(month)}/${yyyy}`;
  }
  if (format === 'longDate') return longDate;
  return format === 'time' ? time : `${longDate}, ${time}`;
}

/** A time of day as each language writes it: '6:00 PM', '18 h 00', '6:00 p.m.'. */
function clockTimeIn(language: 'en' | 'fr' | 'es', hour: number, minute: number): string {
  if (language === 'fr') return `${twoDigits(hour)} h ${twoDigits(minute)}`;
  const clock = `${hour % 12 || 12}:${twoDigits(minute)}`;
  if (language === 'es') return `${clock} ${hour < 12 ? 'a.m.' : 'p.m.'}`;
  return `${clock} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** A wall-clock time of day (a daily window's '18:00') as the current language writes it. */
export function formatClockTime(hour: number, minute: number): string {
  const locale = currentLocale();
  return clockTimeIn(locale === 'en-XA' ? 'en' : locale, hour, minute);
}

/** A wall clock in one of the spec's English formats (DATE_FORMATS, as dayjs wrote them). */
function formatInEnglish(
  {
    year,
    month,
    day,
    hour,
    minute,
  }: { year: number; month: number; day: number; hour: number; minute: number },
  format: DateFormatName,
): string {
  const yyyy = String(year).padStart(4, '0');
  if (format === 'date') return `${twoDigits(month)}/${twoDigits(day)}/${yyyy}`;
  const longDate = `${MONTH_NAMES[month - 1]} ${twoDigits(day)}, ${yyyy}`;
  if (format === 'longDate') return longDate;
  const time = `${twoDigits(hour % 12 || 12)}:${twoDigits(minute)} ${hour < 12 ? 'AM' : 'PM'}`;
  return format === 'time' ? time : `${longDate} ${time}`;
}

/**
 * The one way an instant is shown: in the tenant's time zone, in one of the spec's formats.
 * Written from the zone's wall clock (wallClockIn: the zone's table where the page registered
 * one, a kept Intl formatter otherwise); dayjs's tz() built a new formatter on every call, a third
 * of the plate check's CPU where a plate had twenty passes (docs/benchmarks.md). Unit tests
 * compare it with Intl on random instants in many zones.
 */
export function formatDate(
  instant: string | Date,
  timeZone: string,
  format: DateFormatName = 'date',
): string {
  const date = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  const wallClock = wallClockIn(date.getTime(), timeZone);
  const language = currentLocale();
  if (language === 'fr' || language === 'es') return formatInLanguage(language, wallClock, format);
  return formatInEnglish(wallClock, format);
}

/** The calendar date of an instant in a time zone, as a count of days since 1970-01-01. */
function exactDayNumber(time: number, timeZone: string): number {
  const { year, month, day } = wallClockIn(time, timeZone);
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

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

/** The days tried around the guess, in order: the guess, then the day before, then the day after. */
const GUESS_NUDGES = [0, -1, 1] as const;

/** Per zone, the day the last answer fell in: today, and a plate's notices, often land in it again. */
const lastDays = new Map<string, { day: number; start: number; end: number }>();

/**
 * The calendar date of an instant in a time zone, as a count of days since 1970-01-01. Intl's
 * formatToParts costs tens of microseconds and the notice lookup asks twice per notice and late
 * tier (docs/benchmarks.md), so the answer comes from the cached instants at which the zone's
 * days begin: the same answer (unit tests compare both over DST changes and random instants).
 * The first day tried is the one the zone's last known offset from UTC gives.
 */
function calendarDayNumber(instant: string | Date, timeZone: string): number {
  const time = instant instanceof Date ? instant.getTime() : Date.parse(instant);
  if (!Number.isFinite(time)) return exactDayNumber(time, timeZone); // throws, as Intl does
  const last = lastDays.get(timeZone);
  if (last !== undefined && last.start <= time && time < last.end) return last.day;
  assertTimeZone(timeZone); // throws on an unknown zone, before anything is cached for it
  const guess = Math.floor((time + (lastOffsets.get(timeZone) ?? 0)) / DAY_MS);
  for (const nudge of GUESS_NUDGES) {
    const day = guess + nudge;
    const start = dayStart(day, timeZone);
    if (time < start) continue;
    const end = dayStart(day + 1, timeZone);
    if (time < end) {
      lastDays.set(timeZone, { day, start, end });
      return day;
    }
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
  return isoDateOfDay(calendarDayNumber(instant, timeZone) + plusDays);
}

/**
 * 'YYYY-MM-DD' of a day counted from 1970-01-01, by Howard Hinnant's civil_from_days: integer
 * arithmetic where Date's toISOString formats through a printf (the lookup writes a few dates
 * per notice; docs/benchmarks.md). Years outside 0000 to 9999 are left to toISOString's extended
 * form. Unit tests compare both.
 */
export function isoDateOfDay(dayNumber: number): string {
  const { year, month, day } = civilFromDays(dayNumber);
  if (year < 0 || year > 9_999) return new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
  return `${String(year).padStart(4, '0')}-${twoDigits(month)}-${twoDigits(day)}`;
}

/** An instant as toISOString writes it ('YYYY-MM-DDTHH:mm:ss.sssZ'), without its printf. */
export function isoStringOf(date: Date): string {
  const time = date.getTime();
  const day = Math.floor(time / DAY_MS);
  // An invalid date throws there, as it does here; years outside 0000 to 9999 take the extended form.
  if (!Number.isFinite(time) || day < -719_528 || day > 2_932_896) return date.toISOString();
  const sinceMidnight = time - day * DAY_MS;
  const hours = Math.floor(sinceMidnight / HOUR_MS);
  const minutes = Math.floor(sinceMidnight / 60_000) % 60;
  const seconds = Math.floor(sinceMidnight / 1_000) % 60;
  const milliseconds = String(sinceMidnight % 1_000).padStart(3, '0');
  return `${isoDateOfDay(day)}T${twoDigits(hours)}:${twoDigits(minutes)}:${twoDigits(seconds)}.${milliseconds}Z`;
}

/**
 * A 'YYYY-MM-DD' calendar date in one of the spec's date formats, written as the current language
 * writes dates (as formatDate does: '5 nov. 2026' in French, '5 nov 2026' in Spanish).
 */
export function formatCalendarDate(date: string, format: 'date' | 'longDate' = 'longDate'): string {
  const time = Date.parse(`${date.slice(0, 10)}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}/.test(date) || Number.isNaN(time)) return 'Invalid Date';
  const civil = { ...civilFromDays(time / DAY_MS), hour: 0, minute: 0 };
  const language = currentLocale();
  if (language === 'fr' || language === 'es') return formatInLanguage(language, civil, format);
  return formatInEnglish(civil, format);
}

/**
 * A 'YYYY-MM-DD' calendar date as a chart's day label, month and day only: '11/05' in English,
 * '11-05' in French (fr-CA's order), '05/11' in Spanish.
 */
export function formatDayMonth(date: string): string {
  const month = date.slice(5, 7);
  const day = date.slice(8, 10);
  const language = currentLocale();
  if (language === 'fr') return `${month}-${day}`;
  return language === 'es' ? `${day}/${month}` : `${month}/${day}`;
}

/**
 * An instant's date in a time zone as a sentence says it: 'Dec 3', '3 déc.', '3 dic.' (issue 31's
 * "left until Dec 3"), with the year only when it is not the year of `now` in that zone
 * ('Jan 4, 2027'). Spanish abbreviations take their period in running text, as the RAE writes them.
 */
export function formatNaturalDate(instant: string | Date, timeZone: string, now: Date): string {
  const date = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  const { year, month, day } = wallClockIn(date.getTime(), timeZone);
  const sameYear = year === wallClockIn(now.getTime(), timeZone).year;
  const language = currentLocale();
  if (language === 'fr' || language === 'es') {
    const months = language === 'fr' ? FRENCH_MONTHS : SPANISH_MONTHS.map((name) => `${name}.`);
    const dayMonth = `${day} ${months[month - 1]}`;
    return sameYear ? dayMonth : `${dayMonth} ${year}`;
  }
  const monthDay = `${MONTH_NAMES[month - 1]} ${day}`;
  return sameYear ? monthDay : `${monthDay}, ${year}`;
}
