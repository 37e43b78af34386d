import { afterEach, describe, expect, it } from 'vitest';
import type { PermitProduct } from '../../../shared/contract';
import { setPageLocale } from '../../../shared/i18n/current';
import '../../../shared/i18n/all-locales';
import { describeProductTime, formatDuration, formatTimeOfDay } from './pass-presenters';

describe('describeProductTime', () => {
  const product = {
    timeSelectionType: 1,
    permitDuration: 14,
    permitDurationUnit: 'HOUR',
    chosenDate: null,
    chosenEndDate: null,
    dailyWindow: null,
  } as unknown as PermitProduct;

  it('shows a time-of-day product its window, not its duration', () => {
    expect(describeProductTime({ ...product, dailyWindow: { from: '18:00', to: '08:00' } }, 'UTC')).toBe(
      '6:00 PM to 8:00 AM, one window per pass',
    );
    expect(describeProductTime(product, 'UTC')).toBe('Valid for 14 hours');
  });

  it('reads local times as a clock does', () => {
    expect(['00:00', '00:30', '12:00', '23:59'].map(formatTimeOfDay)).toEqual([
      '12:00 AM',
      '12:30 AM',
      '12:00 PM',
      '11:59 PM',
    ]);
  });

  describe('in French and Spanish (issue 30)', () => {
    afterEach(() => setPageLocale('en'));

    it('writes durations and times of day as each language does', () => {
      setPageLocale('fr');
      expect([formatDuration(1, 'DAY'), formatDuration(3, 'MONTH'), formatDuration(2, 'YEAR')]).toEqual([
        '1 jour',
        '3 mois',
        '2 ans',
      ]);
      expect(['00:30', '18:00'].map(formatTimeOfDay)).toEqual(['00 h 30', '18 h 00']);
      setPageLocale('es');
      expect([formatDuration(1, 'DAY'), formatDuration(12, 'MONTH')]).toEqual(['1 día', '12 meses']);
      expect(['00:30', '18:00'].map(formatTimeOfDay)).toEqual(['12:30 a.m.', '6:00 p.m.']);
    });
  });
});
