import { describe, expect, it } from 'vitest';
import type { QuotaStandingAnswer } from '../../../shared/contract';
import { quotaLine } from './quota-notice';

/** The checkout's quota line (issue 31, decision 223) in the tenant's zone. */
describe('quotaLine', () => {
  const hours: QuotaStandingAnswer = {
    measure: 'hours',
    limit: 72,
    used: 48,
    remaining: 24,
    perDays: 14,
    until: '2026-12-03T17:00:00Z',
    hasOverride: false,
  };

  it('says what is left until the oldest counted pass leaves the window', () => {
    expect(quotaLine(hours, 'America/New_York')).toBe(
      'You have 24 hours of guest parking left until Dec 03, 2026.',
    );
  });

  it('says one hour, not "1 hours"', () => {
    expect(quotaLine({ ...hours, remaining: 1 }, 'America/New_York')).toBe(
      'You have 1 hour of guest parking left until Dec 03, 2026.',
    );
  });

  it('says nothing is left when it is used up, and the rule when nothing is counted', () => {
    expect(quotaLine({ ...hours, remaining: 0 }, 'America/New_York')).toBe(
      'You have no guest parking left until Dec 03, 2026.',
    );
    expect(quotaLine({ ...hours, used: 0, remaining: 72, until: null }, 'America/New_York')).toBe(
      'You have 72 hours of guest parking every 14 days.',
    );
  });
});
