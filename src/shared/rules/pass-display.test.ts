import { describe, expect, it } from 'vitest';
import {
  countByFilter,
  type DisplayablePass,
  describePassWindow,
  matchesPassFilter,
  passStatusText,
  plateText,
} from './pass-display';

const NEW_YORK = 'America/New_York';
const pass = (overrides: Partial<DisplayablePass> = {}): DisplayablePass => ({
  paidStatus: 'paid',
  issuedOn: '2026-11-20T09:00:00Z',
  expiresAt: '2026-11-21T09:00:00Z',
  plate: 'ABC123',
  ...overrides,
});
const dashboard = (now: string) => ({
  now: new Date(now),
  timeZone: NEW_YORK,
  surface: 'dashboard' as const,
});
const receipt = (now: string) => ({ now: new Date(now), timeZone: NEW_YORK, surface: 'receipt' as const });

describe('pass status text (part 2 section 4)', () => {
  it('a paid pass is Valid up to the last millisecond before expiry, expired at the instant itself', () => {
    expect(passStatusText(pass(), dashboard('2026-11-21T08:59:59.999Z'))).toBe('Valid');
    expect(passStatusText(pass(), dashboard('2026-11-21T09:00:00Z'))).toBe('Expired Nov 21, 2026 04:00 AM');
  });

  it('a paid pass not started reads differently on the dashboard and the receipt', () => {
    const upcoming = pass({ issuedOn: '2026-11-22T15:00:00Z', expiresAt: '2026-11-23T15:00:00Z' });
    expect(passStatusText(upcoming, dashboard('2026-11-22T14:59:59Z'))).toBe(
      'Active starting Nov 22, 2026 10:00 AM',
    );
    expect(passStatusText(upcoming, receipt('2026-11-22T14:59:59Z'))).toBe(
      'Pass will be active Nov 22, 2026 10:00 AM',
    );
    expect(passStatusText(upcoming, dashboard('2026-11-22T15:00:00Z'))).toBe('Valid');
  });

  it("dates are the tenant's wall clock on both sides of a DST change", () => {
    // New York leaves daylight time at 2026-11-01 06:00Z (02:00 EDT becomes 01:00 EST).
    const beforeChange = pass({ issuedOn: '2026-10-31T00:00:00Z', expiresAt: '2026-11-01T05:30:00Z' });
    const afterChange = pass({ issuedOn: '2026-10-31T00:00:00Z', expiresAt: '2026-11-01T06:30:00Z' });
    expect(passStatusText(beforeChange, dashboard('2026-11-02T00:00:00Z'))).toBe(
      'Expired Nov 01, 2026 01:30 AM',
    );
    expect(passStatusText(afterChange, dashboard('2026-11-02T00:00:00Z'))).toBe(
      'Expired Nov 01, 2026 01:30 AM',
    );
    // Spring forward: 2026-03-08 07:00Z is 03:00 EDT, there is no 02:xx that night.
    const spring = pass({ issuedOn: '2026-03-08T07:00:00Z', expiresAt: '2026-03-09T07:00:00Z' });
    expect(passStatusText(spring, dashboard('2026-03-08T06:59:00Z'))).toBe(
      'Active starting Mar 08, 2026 03:00 AM',
    );
  });

  it('waiting, rejected, expired and incomplete use the spec wording; other values are capitalised', () => {
    const now = '2026-11-20T12:00:00Z';
    expect(passStatusText(pass({ paidStatus: 'waiting' }), dashboard(now))).toBe('Waiting for approval');
    expect(passStatusText(pass({ paidStatus: 'rejected' }), dashboard(now))).toBe('Rejected');
    expect(passStatusText(pass({ paidStatus: 'expired' }), dashboard(now))).toBe('Expired');
    expect(passStatusText(pass({ paidStatus: 'incomplete' }), dashboard(now))).toBe('Needs payment');
    expect(passStatusText(pass({ paidStatus: 'incomplete' }), receipt(now))).toBe('Payment required');
    expect(passStatusText(pass({ paidStatus: 'canceled' }), dashboard(now))).toBe('Canceled');
  });

  it("an empty plate shows 'Needs input'", () => {
    expect(plateText('')).toBe('Needs input');
    expect(plateText('   ')).toBe('Needs input');
    expect(plateText(null)).toBe('Needs input');
    expect(plateText('ABC123')).toBe('ABC123');
  });
});

describe('dashboard filters', () => {
  const now = new Date('2026-11-21T09:00:00Z');
  const passes = {
    validToTheEnd: pass({ expiresAt: '2026-11-21T09:00:00.001Z' }),
    expiredAtNow: pass({ expiresAt: '2026-11-21T09:00:00Z' }),
    upcoming: pass({ issuedOn: '2026-12-01T00:00:00Z', expiresAt: '2026-12-02T00:00:00Z' }),
    waiting: pass({ paidStatus: 'waiting' }),
    rejected: pass({ paidStatus: 'rejected' }),
    markedExpired: pass({ paidStatus: 'expired' }),
    unpaid: pass({ paidStatus: 'incomplete' }),
    canceled: pass({ paidStatus: 'canceled' }),
  };
  const matching = (filter: Parameters<typeof matchesPassFilter>[1]) =>
    Object.entries(passes)
      .filter(([, value]) => matchesPassFilter(value, filter, now))
      .map(([name]) => name);

  it('Active: valid and before expiry, or starting in the future', () => {
    expect(matching('active')).toEqual(['validToTheEnd', 'upcoming']);
  });

  it('Expired/Rejected: rejected, or paid and past expiry (the expiry instant included)', () => {
    expect(matching('expired')).toEqual(['expiredAtNow', 'rejected', 'markedExpired']);
  });

  it('Approval needed: waiting; All: everything', () => {
    expect(matching('approval')).toEqual(['waiting']);
    expect(matching('all')).toHaveLength(8);
    expect(countByFilter(Object.values(passes), now)).toEqual({ all: 8, active: 2, approval: 1, expired: 3 });
  });
});

describe('pass window', () => {
  it('counts calendar days in the tenant zone, across a DST change too', () => {
    expect(describePassWindow('2026-11-20T15:00:00Z', '2026-11-21T15:00:00Z', NEW_YORK)).toBe('1 day');
    // 2026-11-01 01:00 EDT to 2026-11-02 01:00 EST: 25 hours of clock time, one calendar day.
    expect(describePassWindow('2026-11-01T05:00:00Z', '2026-11-02T06:00:00Z', NEW_YORK)).toBe('1 day');
    expect(describePassWindow('2026-11-20T15:00:00Z', '2026-11-20T18:30:00Z', NEW_YORK)).toBe(
      '3 hours 30 minutes',
    );
    expect(describePassWindow('2026-01-31T15:00:00Z', '2026-03-02T15:00:00Z', NEW_YORK)).toBe(
      '1 month 2 days',
    );
    expect(describePassWindow('2026-11-20T15:00:00Z', '2026-11-20T15:00:00Z', NEW_YORK)).toBe('0 minutes');
  });
});
