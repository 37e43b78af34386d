import { civilFromDays, DAY_MS } from './civil-days';

/**
 * Wall-clock time in a time zone, without Intl where it can (decision 173).
 *
 * The first Intl date formatter a browser tab builds loads ICU's time-zone and locale data: 20 to
 * 40 ms on a desktop, four times that on a phone, inside the task that hydrates the first notice
 * or pass shown (docs/benchmarks.md). A page the server renders therefore carries its tenant's
 * zone as a table of UTC offsets over the years around now, read by the server's Intl; both sides
 * register it and read a wall clock by arithmetic. Instants outside the table, and zones without
 * one, are read through Intl as before.
 */

/** A reading of the wall clock in a zone, to the minute. */
export interface WallClock {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
  /** 0 to 23. */
  hour: number;
  minute: number;
}

/** A zone's offsets from UTC over [from, until), in ms since 1970. */
export interface ZoneOffsets {
  zone: string;
  from: number;
  until: number;
  /** Minutes east of UTC: offsets[0] from `from`, offsets[i] from changes[i - 1]. */
  offsets: number[];
  /** The instants at which the offset changes, ascending, within (from, until). */
  changes: number[];
}

const MINUTE_MS = 60_000;

/** One kept formatter per zone: building one costs far more than using it. */
const wallClockFormatters = new Map<string, Intl.DateTimeFormat>();

function wallClockFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = wallClockFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
      timeZone,
    });
    wallClockFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Intl's reading, with seconds. Throws a RangeError for an unknown zone or an invalid time. */
function intlWallClock(time: number, timeZone: string): WallClock & { second: number } {
  const parts = { year: 0, month: 1, day: 1, hour: 0, minute: 0, second: 0 };
  for (const part of wallClockFormatter(timeZone).formatToParts(time)) {
    if (part.type in parts) parts[part.type as keyof typeof parts] = Number(part.value);
  }
  return parts;
}

/** Intl's offset of the zone at an instant, in ms, to the second. */
function intlOffsetMs(time: number, timeZone: string): number {
  const { year, month, day, hour, minute, second } = intlWallClock(time, timeZone);
  const wall = new Date(0);
  wall.setUTCFullYear(year, month - 1, day); // setUTCFullYear keeps years below 100 as they are
  wall.setUTCHours(hour, minute, second, 0);
  return wall.getTime() - (time - (((time % 1_000) + 1_000) % 1_000));
}

/** The zone's offset at an instant, in minutes; NaN when it is not a whole number of minutes. */
function intlOffsetMinutes(time: number, timeZone: string): number {
  const offsetMs = intlOffsetMs(time, timeZone);
  return offsetMs % MINUTE_MS === 0 ? offsetMs / MINUTE_MS : Number.NaN;
}

/**
 * Reads a zone's offsets over [from, until) from Intl: one reading per `step` (a week), and
 * where two readings differ, the change found to the millisecond by bisection: about 900 Intl
 * readings, 7 ms, for eight years of a zone with daylight saving. A change and its reversal both
 * within one step would be missed; none is in the time-zone database since 1970, and the tests
 * compare zones Intl knows with Intl itself. Null when an offset is not a whole number of minutes.
 */
export function readZoneOffsets(
  timeZone: string,
  from: number,
  until: number,
  step = 7 * DAY_MS,
): ZoneOffsets | null {
  let current = intlOffsetMinutes(from, timeZone);
  if (Number.isNaN(current)) return null;
  const offsets = [current];
  const changes: number[] = [];
  let last = from;
  while (last < until - 1) {
    const next = Math.min(last + step, until - 1);
    if (intlOffsetMinutes(next, timeZone) === current) {
      last = next;
      continue;
    }
    let low = last; // reads `current`
    let high = next; // does not
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      if (intlOffsetMinutes(middle, timeZone) === current) low = middle;
      else high = middle;
    }
    current = intlOffsetMinutes(high, timeZone);
    if (Number.isNaN(current)) return null;
    changes.push(high);
    offsets.push(current);
    last = high;
  }
  return { zone: timeZone, from, until, offsets, changes };
}

const isFiniteNumber = (value: unknown): value is number => Number.isFinite(value);

/** A table as it arrives in a page, checked before it is trusted: null when it is not one. */
export function parseZoneOffsets(value: unknown): ZoneOffsets | null {
  if (typeof value !== 'object' || value === null) return null;
  const { zone, from, until, offsets, changes } = value as Partial<Record<keyof ZoneOffsets, unknown>>;
  if (typeof zone !== 'string' || !isFiniteNumber(from) || !isFiniteNumber(until) || from >= until)
    return null;
  if (!Array.isArray(offsets) || !Array.isArray(changes) || offsets.length !== changes.length + 1)
    return null;
  if (!offsets.every((offset) => Number.isInteger(offset) && Math.abs(offset) <= 24 * 60)) return null;
  const ascending = changes.every(
    (change, index) => isFiniteNumber(change) && change > (index === 0 ? from : changes[index - 1]),
  );
  if (!ascending || (changes.length > 0 && changes[changes.length - 1] >= until)) return null;
  return { zone, from, until, offsets, changes };
}

const registered = new Map<string, ZoneOffsets>();

/** Makes the table the reading of its zone's wall clock over its span (replacing an earlier one). */
export function registerZoneOffsets(table: ZoneOffsets): void {
  registered.set(table.zone, table);
}

/** Throws a RangeError for a zone that is neither registered nor known to Intl. */
export function assertTimeZone(timeZone: string): void {
  if (!registered.has(timeZone)) wallClockFormatter(timeZone);
}

/** The registered offset at an instant, in minutes; undefined outside any registered table. */
function registeredOffsetMinutes(time: number, timeZone: string): number | undefined {
  const table = registered.get(timeZone);
  if (!table || !(time >= table.from && time < table.until)) return undefined;
  let low = 0; // the number of changes at or before `time`, by bisection
  let high = table.changes.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((table.changes[middle] ?? Number.POSITIVE_INFINITY) <= time) low = middle + 1;
    else high = middle;
  }
  return table.offsets[low];
}

/**
 * The zone's offset from UTC at an instant, in ms: from its registered table when the instant is
 * in it, from Intl otherwise (to the second, for the odd historical offset that is not whole
 * minutes). Throws a RangeError for an unknown zone or an invalid time.
 */
export function offsetMsAt(time: number, timeZone: string): number {
  const offset = registeredOffsetMinutes(time, timeZone);
  return offset === undefined ? intlOffsetMs(time, timeZone) : offset * MINUTE_MS;
}

/**
 * The wall clock in a zone at an instant (ms): from the zone's registered table when the instant
 * is in it, from Intl otherwise. Throws a RangeError for an unknown zone or an invalid time.
 */
export function wallClockIn(time: number, timeZone: string): WallClock {
  const offset = registeredOffsetMinutes(time, timeZone);
  if (offset === undefined) return intlWallClock(time, timeZone);
  const local = time + offset * MINUTE_MS;
  const dayNumber = Math.floor(local / DAY_MS);
  const minuteOfDay = Math.floor((local - dayNumber * DAY_MS) / MINUTE_MS);
  return { ...civilFromDays(dayNumber), hour: Math.floor(minuteOfDay / 60), minute: minuteOfDay % 60 };
}
