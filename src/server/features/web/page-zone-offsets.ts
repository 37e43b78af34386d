import { readZoneOffsets, type ZoneOffsets } from '../../../shared/format';

/** The years a page's table covers around now: notices some years back, passes a few ahead. */
const YEARS_BEFORE = 5;
const YEARS_AFTER = 3;

/** Per zone and year: a zone's table is read once a year per process (about 7 ms). */
const tables = new Map<string, ZoneOffsets | null>();

/**
 * The tenant's zone as a table of UTC offsets for its pages (decision 173), read from this
 * process's Intl. The page carries it, and both renderers of the page register it: the server's
 * (entry-server) and the browser's, which then hydrates with the very dates the server wrote.
 * Null for a zone Intl does not know: dates are then read through Intl on both sides.
 */
export function pageZoneOffsets(timeZone: string, now = Date.now()): ZoneOffsets | null {
  const year = new Date(now).getUTCFullYear();
  const key = `${timeZone} ${year}`;
  const known = tables.get(key);
  if (known !== undefined) return known;
  let table: ZoneOffsets | null = null;
  try {
    table = readZoneOffsets(
      timeZone,
      Date.UTC(year - YEARS_BEFORE, 0, 1),
      Date.UTC(year + YEARS_AFTER, 0, 1),
    );
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
  }
  tables.set(key, table);
  return table;
}
