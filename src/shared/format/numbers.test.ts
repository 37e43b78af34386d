import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { setPageLocale } from '../i18n/current';
import { LOCALE_TAGS, type Locale } from '../i18n/locales';
import { formatNumber } from './numbers';

describe('formatNumber (issue 30)', () => {
  afterEach(() => setPageLocale('en'));

  it('groups thousands as each language does: 10,217 and 10 217', () => {
    expect(formatNumber(10_217)).toBe('10,217');
    setPageLocale('fr');
    expect(formatNumber(10_217)).toBe('10\u00a0217');
    expect(formatNumber(4.5, 2)).toBe('4,50');
    setPageLocale('es');
    expect(formatNumber(10_217)).toBe('10,217');
  });

  it.each(['en', 'fr', 'es'] as Locale[])('writes whole numbers and cents as Intl does in %s', (locale) => {
    setPageLocale(locale);
    const whole = new Intl.NumberFormat(LOCALE_TAGS[locale]);
    const twoDigits = new Intl.NumberFormat(LOCALE_TAGS[locale], {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (value) => {
        expect(formatNumber(value)).toBe(whole.format(value));
        expect(formatNumber(value / 100, 2)).toBe(twoDigits.format(value / 100));
      }),
      { numRuns: 500 },
    );
  });

  it('writes the pseudo-locale as English', () => {
    setPageLocale('en-XA');
    expect(formatNumber(1_234_567)).toBe('1,234,567');
  });
});
