import { DAY_MS } from './civil-days';
import { isoStringOf } from './dates';
import { offsetMsAt } from './zone-offsets';

/**
 * Wall-clock times in a time zone, and the instants they name: the one engine for zones
 * (decision 239), built on the zone's registered table of offsets or a kept Intl formatter
 * (zone-offsets.ts). A wall-clock time is written 'YYYY-MM-DDTHH:mm:ss.SSS', without an offset.
 */

/** A unit to step by: minutes and hours are exact durations, the others calendar steps. */
export type ZonedUnit = 'minute' | 'hour' | 'day' | 'month' | 'year';

const EXACT_MS = { minute: 60_000, hour: 3_600_000 } as const;

/** 'YYYY-MM-DD', optionally followed by 'THH:mm', ':ss' and '.SSS' (or a space for the 'T'). */
const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/;

/** A wall-clock time as ms since 1970 read as if it were UTC; NaN when it is not one. */
function localMsOf(local: string): number {
  const match = LOCAL_TIME.exec(local);
  if (!match) return Number.NaN;
  const [, year, month, day, hour = '0', minute = '0', second = '0', fraction = '0'] = match;
  // Date.UTC rolls over as dayjs did (2026-02-30 is March 2nd); the callers check their own input.
  return Date.UTC(
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hour),
    Number(minute),
    Number(second),
    Number(fraction.padEnd(3, '0')),
  );
}

const wallTimeOfLocalMs = (localMs: number) => isoStringOf(new Date(localMs)).slice(0, 23);

/** The wall-clock time of an instant in a zone, e.g. '2026-03-08T09:00:00.000'. */
export function toLocalWallTime(instant: Date, timeZone: string): string {
  const time = instant.getTime();
  return wallTimeOfLocalMs(time + offsetMsAt(time, timeZone));
}

/** The calendar date of an instant in a zone, 'YYYY-MM-DD'. */
export function localDateIn(instant: Date, timeZone: string): string {
  return toLocalWallTime(instant, timeZone).slice(0, 10);
}

/**
 * The instant a wall-clock time names in a zone (an Invalid Date when it is not one). Where the
 * clock is set back the time is read twice: the earlier instant. Where it skips forward the time
 * is read with the offset before the change, so 02:30 on a spring-forward night is 03:30 after it
 * (the choice dayjs made, and Temporal's 'compatible').
 */
export function fromLocalWallTime(local: string, timeZone: string): Date {
  const localMs = localMsOf(local);
  if (Number.isNaN(localMs)) return new Date(Number.NaN);
  const before = offsetMsAt(localMs - DAY_MS, timeZone);
  const after = offsetMsAt(localMs + DAY_MS, timeZone);
  for (const offset of before === after ? [before] : [Math.max(before, after), Math.min(before, after)]) {
    // The larger offset gives the earlier instant.
    const candidate = localMs - offset;
    if (offsetMsAt(candidate, timeZone) === offset) return new Date(candidate);
  }
  return new Date(localMs - before);
}

/** A 'YYYY-MM-DD' date `days` later (or earlier), without a zone. */
export function shiftLocalDate(localDate: string, days: number): string {
  return wallTimeOfLocalMs(localMsOf(localDate) + days * DAY_MS).slice(0, 10);
}

/** The first instant of a 'YYYY-MM-DD' day in a zone. */
export function startOfLocalDay(localDate: string, timeZone: string): Date {
  return fromLocalWallTime(localDate, timeZone);
}

/**
 * The instants a filter 'from day' to 'to day' (both included, either optional) covers in a zone:
 * from the start of `from` to the start of the day after `to` (excluded).
 */
export function localDayBounds(
  range: { from?: string | null; to?: string | null },
  timeZone: string,
): { since?: Date; until?: Date } {
  return {
    since: range.from ? startOfLocalDay(range.from, timeZone) : undefined,
    until: range.to ? startOfLocalDay(shiftLocalDate(range.to, 1), timeZone) : undefined,
  };
}

/** Days in a month (1 to 12) of a year, in the proleptic Gregorian calendar. */
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * `count` units after an instant (before, when negative). Minutes and hours are exact durations;
 * days, months and years are calendar steps on the zone's wall clock, so a day from 09:00 the day
 * before a DST change ends at 09:00 (23 or 25 hours later). A month from January 31st ends on the
 * last day of February.
 */
export function addInZone(instant: Date, count: number, unit: ZonedUnit, timeZone: string): Date {
  if (unit === 'minute' || unit === 'hour') return new Date(instant.getTime() + count * EXACT_MS[unit]);
  const local = new Date(localMsOf(toLocalWallTime(instant, timeZone)));
  if (unit === 'day') {
    local.setUTCDate(local.getUTCDate() + count);
  } else {
    const months = local.getUTCFullYear() * 12 + local.getUTCMonth() + (unit === 'year' ? 12 : 1) * count;
    const year = Math.floor(months / 12);
    const month = months - year * 12;
    local.setUTCFullYear(year, month, Math.min(local.getUTCDate(), daysInMonth(year, month + 1)));
  }
  return fromLocalWallTime(wallTimeOfLocalMs(local.getTime()), timeZone);
}
