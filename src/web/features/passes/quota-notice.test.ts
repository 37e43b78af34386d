import { describe, expect, it } from 'vitest';
import type { QuotaStandingAnswer } from '../../../shared/contract';
import { setPageLocale } from '../../../shared/i18n/current';
import '../../../shared/messages/translations/es';
import '../../../shared/messages/translations/fr';
import { quotaLine } from './quota-notice';

/** The checkout's quota line (issue 31, decision 223) in the tenant's zone. */
describe('quotaLine', () => {
  const now = new Date('2026-11-20T15:00:00Z');
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
    expect(quotaLine(hours, 'America/New_York', now)).toBe(
      'You have 24 hours of guest parking left until Dec 3.',
    );
  });

  it('says one hour, not "1 hours"', () => {
    expect(quotaLine({ ...hours, remaining: 1 }, 'America/New_York', now)).toBe(
      'You have 1 hour of guest parking left until Dec 3.',
    );
  });

  it('says nothing is left when it is used up, and the rule when nothing is counted', () => {
    expect(quotaLine({ ...hours, remaining: 0 }, 'America/New_York', now)).toBe(
      'You have no guest parking left until Dec 3.',
    );
    expect(quotaLine({ ...hours, used: 0, remaining: 72, until: null }, 'America/New_York', now)).toBe(
      'You have 72 hours of guest parking every 14 days.',
    );
  });

  it('writes the date short in French and Spanish, and adds the year only for another year', () => {
    expect(quotaLine({ ...hours, until: '2027-01-04T17:00:00Z' }, 'America/New_York', now)).toBe(
      'You have 24 hours of guest parking left until Jan 4, 2027.',
    );
    try {
      setPageLocale('fr');
      expect(quotaLine(hours, 'America/New_York', now)).toBe(
        'Il vous reste 24 heures de stationnement invité jusqu’au 3 déc.',
      );
      setPageLocale('es');
      expect(quotaLine(hours, 'America/New_York', now)).toBe(
        'Le quedan 24 horas de estacionamiento para invitados hasta el 3 dic.',
      );
    } finally {
      setPageLocale('en');
    }
  });
});
