import { describe, expect, it } from 'vitest';
import { calendarDaysBetween } from './dates';

describe('calendarDaysBetween', () => {
  it('is 0 within one calendar day of the zone, and counts days, not 24-hour spans', () => {
    expect(calendarDaysBetween('2026-03-10T05:00:00Z', '2026-03-11T03:59:00Z', 'America/New_York')).toBe(0);
    expect(calendarDaysBetween('2026-03-10T03:59:00Z', '2026-03-10T05:00:00Z', 'America/New_York')).toBe(1);
  });

  it('counts in the given zone rather than in UTC', () => {
    const from = '2026-06-01T23:30:00Z';
    const to = '2026-06-02T00:30:00Z';
    expect(calendarDaysBetween(from, to, 'UTC')).toBe(1);
    expect(calendarDaysBetween(from, to, 'America/Los_Angeles')).toBe(0);
    expect(calendarDaysBetween(from, to, 'Asia/Kolkata')).toBe(0);
  });

  it('is not thrown off by daylight-saving changes or year ends', () => {
    // New York springs forward on 2026-03-08 and falls back on 2026-11-01.
    expect(calendarDaysBetween('2026-03-07T17:00:00Z', '2026-03-09T16:00:00Z', 'America/New_York')).toBe(2);
    expect(calendarDaysBetween('2026-10-31T04:30:00Z', '2026-11-02T04:29:00Z', 'America/New_York')).toBe(1);
    expect(calendarDaysBetween('2026-10-31T04:30:00Z', '2026-11-02T05:00:00Z', 'America/New_York')).toBe(2);
    expect(calendarDaysBetween('2025-12-31T10:59:00Z', '2025-12-31T11:00:00Z', 'Pacific/Auckland')).toBe(1);
  });

  it('is negative when the second instant is earlier, and accepts Date objects', () => {
    expect(
      calendarDaysBetween(new Date('2026-01-10T12:00:00Z'), new Date('2026-01-01T12:00:00Z'), 'UTC'),
    ).toBe(-9);
  });

  it('rejects an unknown time zone', () => {
    expect(() => calendarDaysBetween('2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z', 'Mars/Olympus')).toThrow(
      RangeError,
    );
  });
});
