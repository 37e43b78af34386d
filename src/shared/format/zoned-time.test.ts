import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { intlReading } from '../../../tests/support/intl-dates';
import { readZoneOffsets, registerZoneOffsets } from './zone-offsets';
import {
  addInZone,
  fromLocalWallTime,
  localDateIn,
  localDayBounds,
  shiftLocalDate,
  startOfLocalDay,
  toLocalWallTime,
} from './zoned-time';

const NY = 'America/New_York';
const iso = (date: Date) => date.toISOString();

describe('toLocalWallTime and fromLocalWallTime', () => {
  it('read and name wall-clock times, to the millisecond', () => {
    expect(toLocalWallTime(new Date('2026-03-08T14:05:06.789Z'), NY)).toBe('2026-03-08T10:05:06.789');
    expect(iso(fromLocalWallTime('2026-03-08T10:05:06.789', NY))).toBe('2026-03-08T14:05:06.789Z');
    expect(iso(fromLocalWallTime('2026-03-08 10:05', NY))).toBe('2026-03-08T14:05:00.000Z');
    expect(iso(fromLocalWallTime('2026-03-08', 'Asia/Kolkata'))).toBe('2026-03-07T18:30:00.000Z');
    expect(localDateIn(new Date('2026-06-01T23:30:00Z'), 'Asia/Tokyo')).toBe('2026-06-02');
  });

  it('read a skipped time (spring forward) with the offset before the change', () => {
    // New York skips 02:00 to 03:00 on 2026-03-08: 02:30 is read as 03:30 EDT.
    expect(iso(fromLocalWallTime('2026-03-08T02:30', NY))).toBe('2026-03-08T07:30:00.000Z');
    expect(iso(fromLocalWallTime('2026-03-08T01:59:59.999', NY))).toBe('2026-03-08T06:59:59.999Z');
    expect(iso(fromLocalWallTime('2026-03-08T03:00', NY))).toBe('2026-03-08T07:00:00.000Z');
    // Santiago skips midnight (2026-09-06 00:00 is 01:00): the day starts at 01:00.
    expect(toLocalWallTime(startOfLocalDay('2026-09-06', 'America/Santiago'), 'America/Santiago')).toBe(
      '2026-09-06T01:00:00.000',
    );
  });

  it('read a repeated time (fall back) as the earlier instant, whatever the date today', () => {
    // New York repeats 01:00 to 02:00 on 2026-11-01: 01:30 EDT comes before 01:30 EST; Lord Howe
    // repeats 01:30 to 02:00 on 2026-04-05 (+11:00, then +10:30).
    expect(iso(fromLocalWallTime('2026-11-01T01:30', NY))).toBe('2026-11-01T05:30:00.000Z');
    expect(iso(fromLocalWallTime('2026-11-01T02:00', NY))).toBe('2026-11-01T07:00:00.000Z');
    expect(iso(fromLocalWallTime('2026-04-05T01:45', 'Australia/Lord_Howe'))).toBe(
      '2026-04-04T14:45:00.000Z',
    );
  });

  it('give an Invalid Date for what is not a wall-clock time', () => {
    expect(fromLocalWallTime('not a time', NY).getTime()).toBeNaN();
    expect(fromLocalWallTime('2026-03-08T10:05Z', NY).getTime()).toBeNaN();
  });

  it('round-trip every instant that is not in a repeated hour, with or without a table', () => {
    const from = Date.UTC(2024, 0, 1);
    const until = Date.UTC(2028, 0, 1);
    const zones = [NY, 'Europe/London', 'Australia/Lord_Howe', 'Pacific/Chatham', 'Asia/Kathmandu', 'UTC'];
    fc.assert(
      fc.property(fc.constantFrom(...zones), fc.integer({ min: from, max: until }), (zone, time) => {
        const local = toLocalWallTime(new Date(time), zone);
        const reading = intlReading(time, zone);
        expect(local.slice(0, 16)).toBe(
          `${reading.year}-${String(reading.month).padStart(2, '0')}-${String(reading.day).padStart(2, '0')}T${String(reading.hour).padStart(2, '0')}:${String(reading.minute).padStart(2, '0')}`,
        );
        const back = fromLocalWallTime(local, zone).getTime();
        // In a repeated hour the earlier of the two instants comes back: an hour (or 30 minutes) before.
        expect(back === time || (back < time && time - back <= 3_600_000)).toBe(true);
      }),
      { numRuns: 300 },
    );
    const table = readZoneOffsets(NY, from, until);
    if (table) registerZoneOffsets(table);
    expect(iso(fromLocalWallTime('2026-11-01T01:30', NY))).toBe('2026-11-01T05:30:00.000Z');
    expect(iso(fromLocalWallTime('2026-03-08T02:30', NY))).toBe('2026-03-08T07:30:00.000Z');
  });
});

describe('addInZone', () => {
  it('steps calendar days on the wall clock and hours exactly, across DST', () => {
    const beforeSpring = new Date('2026-03-07T14:00:00Z'); // 09:00 EST
    expect(iso(addInZone(beforeSpring, 1, 'day', NY))).toBe('2026-03-08T13:00:00.000Z'); // 09:00 EDT
    expect(iso(addInZone(beforeSpring, 24, 'hour', NY))).toBe('2026-03-08T14:00:00.000Z');
    expect(iso(addInZone(new Date('2026-11-01T13:00:00Z'), -1, 'day', NY))).toBe('2026-10-31T12:00:00.000Z'); // 08:00 EST to 08:00 EDT
  });

  it('ends a month from the 31st on the month’s last day, and a year from February 29th on the 28th', () => {
    expect(iso(addInZone(new Date('2026-01-31T15:00:00Z'), 1, 'month', NY))).toBe('2026-02-28T15:00:00.000Z');
    expect(iso(addInZone(new Date('2028-02-29T12:00:00Z'), 1, 'year', 'UTC'))).toBe(
      '2029-02-28T12:00:00.000Z',
    );
    expect(iso(addInZone(new Date('2026-03-31T12:00:00Z'), -13, 'month', 'UTC'))).toBe(
      '2025-02-28T12:00:00.000Z',
    );
  });
});

describe('local days', () => {
  it('shift dates across month and year ends', () => {
    expect(shiftLocalDate('2026-12-31', 1)).toBe('2027-01-01');
    expect(shiftLocalDate('2028-03-01', -1)).toBe('2028-02-29');
  });

  it('bound a filter by the starts of its days in the zone, 23 or 25 hours long across DST', () => {
    const spring = localDayBounds({ from: '2026-03-08', to: '2026-03-08' }, NY);
    expect(spring).toEqual({
      since: new Date('2026-03-08T05:00:00.000Z'),
      until: new Date('2026-03-09T04:00:00.000Z'),
    });
    const autumn = localDayBounds({ from: '2026-11-01', to: '2026-11-01' }, NY);
    expect(autumn.until!.getTime() - autumn.since!.getTime()).toBe(25 * 3_600_000);
    expect(localDayBounds({}, NY)).toEqual({ since: undefined, until: undefined });
  });
});
