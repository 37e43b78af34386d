import { describe, expect, it } from 'vitest';
import { appealEligibility } from './appeal-eligibility';

// Issued at 23:30 on Nov 1 in New York, which is already Nov 2 in UTC.
type Fields = Parameters<typeof appealEligibility>[0]['citation'];
const citation: Fields = {
  paymentStatus: 'Open',
  datePaid: null,
  voidDate: null,
  createdOn: '2026-11-02T03:30:00Z',
};
const check = (now: string, overrides: Partial<Fields> = {}, hasAppeal = false) =>
  appealEligibility({
    citation: { ...citation, ...overrides },
    hasAppeal,
    now: new Date(now),
    timeZone: 'America/New_York',
    windowDays: 21,
  });

describe('appealEligibility', () => {
  it('allows an appeal through day 21 in the tenant time zone, and refuses it on day 22', () => {
    expect(check('2026-11-02T12:00:00Z')).toBe('eligible');
    // Nov 22, 23:59 in New York: 21 calendar days after Nov 1.
    expect(check('2026-11-23T04:59:00Z')).toBe('eligible');
    // Nov 23, 00:01 in New York: day 22.
    expect(check('2026-11-23T05:01:00Z')).toBe('window-expired');
  });

  it('counts in the tenant zone, not UTC: the same instants differ in Tokyo', () => {
    const inTokyo = appealEligibility({
      citation,
      hasAppeal: false,
      now: new Date('2026-11-23T04:59:00Z'),
      timeZone: 'Asia/Tokyo',
      windowDays: 21,
    });
    expect(inTokyo).toBe('eligible');
  });

  it('honours a tenant window other than 21 days', () => {
    const result = appealEligibility({
      citation,
      hasAppeal: false,
      now: new Date('2026-11-10T12:00:00Z'),
      timeZone: 'America/New_York',
      windowDays: 7,
    });
    expect(result).toBe('window-expired');
  });

  it('refuses a second appeal, a paid notice and a voided or archived one', () => {
    expect(check('2026-11-05T12:00:00Z', {}, true)).toBe('appealed');
    expect(check('2026-11-05T12:00:00Z', { paymentStatus: 'Paid' })).toBe('paid');
    expect(check('2026-11-05T12:00:00Z', { datePaid: '2026-11-03T00:00:00Z' })).toBe('paid');
    expect(check('2026-11-05T12:00:00Z', { voidDate: '2026-11-03T00:00:00Z' })).toBe('voided');
    expect(check('2026-11-05T12:00:00Z', { paymentStatus: 'Archived' })).toBe('voided');
    expect(check('2026-11-05T12:00:00Z', { paymentStatus: 'Void' })).toBe('voided');
  });
});
