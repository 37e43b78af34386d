import { describe, expect, it } from 'vitest';
import { fitsQuota, hoursBetween, quotaStanding, quotaWindowStart, ruleOfGuestQuota } from './guest-quota';

const NY = 'America/New_York';
const hours72 = ruleOfGuestQuota({ maxHours: 72, perDays: 14 });
const passes3 = ruleOfGuestQuota({ maxPasses: 3, perDays: 7 });

describe('ruleOfGuestQuota', () => {
  it('reads the fixture shorthand as a quota of days', () => {
    expect(hours72).toEqual({ count: 72, period: 'DAY', periodLength: 14, measure: 'hours' });
    expect(passes3).toEqual({ count: 3, period: 'DAY', periodLength: 7, measure: 'passes' });
  });
});

describe('quotaWindowStart', () => {
  it('goes back calendar days in the zone: 14 days across the end of DST are 337 hours', () => {
    const now = new Date('2026-11-10T15:00:00Z'); // 10:00 EST
    const start = quotaWindowStart(hours72, now, NY);
    expect(start.toISOString()).toBe('2026-10-27T14:00:00.000Z'); // 10:00 EDT
    expect(hoursBetween(start, now)).toBe(337);
  });

  it('and 335 hours across the start of DST; a zone without DST stays 336', () => {
    const now = new Date('2026-03-15T14:00:00Z'); // 10:00 EDT
    expect(hoursBetween(quotaWindowStart(hours72, now, NY), now)).toBe(335);
    expect(hoursBetween(quotaWindowStart(hours72, now, 'Asia/Tokyo'), now)).toBe(336);
  });
});

describe('quotaStanding', () => {
  it('sums hours, says what is left and until the oldest pass leaves the window', () => {
    const standing = quotaStanding(
      hours72,
      [
        { at: new Date('2026-11-25T15:00:00Z'), hours: 24 },
        { at: new Date('2026-11-19T15:00:00Z'), hours: 24 },
      ],
      NY,
    );
    expect(standing).toMatchObject({ measure: 'hours', limit: 72, used: 48, remaining: 24 });
    // Nov 19 10:00 EST + 14 calendar days: Dec 3 10:00 EST.
    expect(standing.until?.toISOString()).toBe('2026-12-03T15:00:00.000Z');
  });

  it('counts a day pass across the change of clocks at its real length', () => {
    // 10:00 EDT Oct 31 to 10:00 EST Nov 1: 25 hours.
    const hours = hoursBetween(new Date('2026-10-31T14:00:00Z'), new Date('2026-11-01T15:00:00Z'));
    expect(hours).toBe(25);
    const standing = quotaStanding(hours72, [{ at: new Date('2026-10-31T14:00:00Z'), hours }], NY);
    expect(standing.remaining).toBe(47);
    // Until Nov 14 10:00 EST: the same wall-clock time, an hour later in UTC than on Oct 31.
    expect(standing.until?.toISOString()).toBe('2026-11-14T15:00:00.000Z');
  });

  it('has no until when nothing is counted, and never less than nothing left', () => {
    expect(quotaStanding(passes3, [], NY)).toEqual({
      measure: 'passes',
      limit: 3,
      used: 0,
      remaining: 3,
      until: null,
    });
    const over = quotaStanding(hours72, [{ at: new Date('2026-11-20T00:00:00Z'), hours: 80 }], NY);
    expect(over.remaining).toBe(0);
  });

  it('rounds hours left down to the hundredth', () => {
    const standing = quotaStanding(hours72, [{ at: new Date('2026-11-20T00:00:00Z'), hours: 10 / 3 }], NY);
    expect(standing.remaining).toBe(68.66);
  });
});

describe('fitsQuota', () => {
  it('takes a pass that fits exactly and refuses an hour more', () => {
    const standing = quotaStanding(hours72, [{ at: new Date('2026-11-20T00:00:00Z'), hours: 48 }], NY);
    expect(fitsQuota(standing, 24)).toBe(true);
    expect(fitsQuota(standing, 25)).toBe(false);
    expect(fitsQuota(standing, 0)).toBe(true);
  });

  it('counts passes one at a time, and the courtesy check fails only when none is left', () => {
    const at = new Date('2026-11-20T00:00:00Z');
    const two = quotaStanding(
      passes3,
      [
        { at, hours: 1 },
        { at, hours: 1 },
      ],
      NY,
    );
    expect(fitsQuota(two, 100)).toBe(true);
    const three = quotaStanding(
      passes3,
      [
        { at, hours: 1 },
        { at, hours: 1 },
        { at, hours: 1 },
      ],
      NY,
    );
    expect(fitsQuota(three, 1)).toBe(false);
    expect(fitsQuota(three, 0)).toBe(false);
  });
});
