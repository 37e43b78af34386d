import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatViaIntl, intlReading } from '../../../tests/support/intl-dates';
import { formatDate } from './dates';
import {
  parseZoneOffsets,
  readZoneOffsets,
  registerZoneOffsets,
  wallClockIn,
  type ZoneOffsets,
} from './zone-offsets';

const FROM = Date.UTC(2021, 0, 1);
const UNTIL = Date.UTC(2029, 0, 1);

const tables = new Map<string, ZoneOffsets>();
/** The zone's table over 2021 to 2028, read and registered once per zone. */
function registeredTable(timeZone: string): ZoneOffsets {
  let table = tables.get(timeZone);
  if (!table) {
    const read = readZoneOffsets(timeZone, FROM, UNTIL);
    if (!read) throw new Error(`no table for ${timeZone}`);
    registerZoneOffsets(read);
    tables.set(timeZone, read);
    table = read;
  }
  return table;
}

describe('readZoneOffsets', () => {
  it("finds New York's two changes a year, at 2 a.m. local, to the millisecond", () => {
    const table = registeredTable('America/New_York');
    expect(table.changes).toHaveLength(16);
    const spring = table.changes.indexOf(Date.UTC(2026, 2, 8, 7));
    const autumn = table.changes.indexOf(Date.UTC(2026, 10, 1, 6));
    expect(spring).toBeGreaterThan(-1);
    expect(autumn).toBe(spring + 1);
    expect(table.offsets.slice(spring, spring + 3)).toEqual([-300, -240, -300]);
  });

  it('reads a zone without daylight saving as one offset, and half-hour offsets as they are', () => {
    expect(readZoneOffsets('Asia/Kolkata', FROM, UNTIL)).toEqual({
      zone: 'Asia/Kolkata',
      from: FROM,
      until: UNTIL,
      offsets: [330],
      changes: [],
    });
    // Lord Howe moves by half an hour, twice a year.
    const lordHowe = registeredTable('Australia/Lord_Howe');
    expect(new Set(lordHowe.offsets)).toEqual(new Set([630, 660]));
  });

  it('gives no table where an offset is not a whole number of minutes', () => {
    // Monrovia kept -0:44:30 until 1972.
    expect(readZoneOffsets('Africa/Monrovia', Date.UTC(1960, 0, 1), Date.UTC(1961, 0, 1))).toBeNull();
  });

  it('throws a RangeError for a zone Intl does not know', () => {
    expect(() => readZoneOffsets('Mars/Olympus', FROM, UNTIL)).toThrow(RangeError);
  });
});

describe('wallClockIn with a registered table', () => {
  const zones = Intl.supportedValuesOf('timeZone');

  // Every zone Intl knows: a generous limit, never a measure of speed.
  it('reads what Intl reads, in any zone Intl knows, at any instant of the table', {
    timeout: 60_000,
  }, () => {
    fc.assert(
      fc.property(fc.constantFrom(...zones), fc.integer({ min: FROM, max: UNTIL - 1 }), (zone, time) => {
        registeredTable(zone);
        expect(wallClockIn(time, zone)).toEqual(intlReading(time, zone));
        const instant = new Date(time).toISOString();
        expect(formatDate(instant, zone, 'dateTime')).toBe(formatViaIntl(instant, zone, 'dateTime'));
      }),
      { numRuns: 300 },
    );
  });

  it('reads what Intl reads on either side of every change, in zones whose changes are unusual', () => {
    // At midnight (Beirut, Havana, Santiago), by half an hour (Lord Howe), at 45 minutes past (Chatham).
    for (const zone of [
      'Asia/Beirut',
      'America/Havana',
      'America/Santiago',
      'Australia/Lord_Howe',
      'Pacific/Chatham',
    ]) {
      const table = registeredTable(zone);
      expect(table.changes.length, zone).toBeGreaterThan(10);
      for (const change of table.changes) {
        for (const time of [change - 60_000, change - 1, change, change + 1]) {
          expect(wallClockIn(time, zone), `${zone} ${new Date(time).toISOString()}`).toEqual(
            intlReading(time, zone),
          );
        }
      }
    }
  });

  it('reads the table inside its span and Intl outside it', () => {
    // A zone Intl does not know, so that only the table can answer.
    const table = { zone: 'Test/Ninety_East', from: FROM, until: UNTIL, offsets: [90], changes: [] };
    registerZoneOffsets(table);
    expect(wallClockIn(Date.UTC(2026, 5, 30, 23, 0), 'Test/Ninety_East')).toEqual({
      year: 2026,
      month: 7,
      day: 1,
      hour: 0,
      minute: 30,
    });
    expect(wallClockIn(FROM, 'Test/Ninety_East').hour).toBe(1);
    expect(() => wallClockIn(FROM - 1, 'Test/Ninety_East')).toThrow(RangeError);
    expect(() => wallClockIn(UNTIL, 'Test/Ninety_East')).toThrow(RangeError);
    expect(() => wallClockIn(Number.NaN, 'Test/Ninety_East')).toThrow(RangeError);
  });
});

describe('parseZoneOffsets', () => {
  it('takes back a table that went through JSON', () => {
    const table = registeredTable('America/Chicago');
    expect(parseZoneOffsets(JSON.parse(JSON.stringify(table)))).toEqual(table);
  });

  it('refuses what is not a table', () => {
    const good = { zone: 'X/Y', from: 0, until: 100, offsets: [60, 120], changes: [50] };
    expect(parseZoneOffsets(good)).toEqual(good);
    for (const bad of [
      null,
      'table',
      [],
      { ...good, zone: 5 },
      { ...good, from: 100 },
      { ...good, until: Number.NaN },
      { ...good, offsets: [60] },
      { ...good, offsets: [60, 1.5] },
      { ...good, offsets: [60, 24 * 60 + 1] },
      { ...good, changes: [0] },
      { ...good, changes: [100] },
      { ...good, offsets: [60, 120, 60], changes: [50, 50] },
      { ...good, changes: ['50'] },
    ]) {
      expect(parseZoneOffsets(bad), JSON.stringify(bad)).toBeNull();
    }
  });

  it('never throws, and what it takes is well formed', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.record({
            zone: fc.string(),
            from: fc.double(),
            until: fc.double(),
            offsets: fc.array(fc.integer({ min: -2_000, max: 2_000 })),
            changes: fc.array(fc.double()),
          }),
        ),
        (value) => {
          const table = parseZoneOffsets(value);
          if (!table) return;
          expect(table.offsets).toHaveLength(table.changes.length + 1);
          expect([...table.changes].sort((a, b) => a - b)).toEqual(table.changes);
          expect(table.changes.every((change) => change > table.from && change < table.until)).toBe(true);
        },
      ),
    );
  });
});
