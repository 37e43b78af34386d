import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { setPageLocale } from '../i18n/current';
import { LOCALES } from '../i18n/locales';
import { CURRENCIES, type Currency } from '../rules/currencies';
import { setPageCurrency } from './current-currency';
import { formatMoney, formatWholeDollars, moneyLocaleTag } from './money';

const intlMoney = (tag: string, currency: Currency, fractionDigits: 0 | 2) =>
  new Intl.NumberFormat(tag, {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  });

afterEach(() => {
  setPageLocale('en');
  setPageCurrency('usd');
});

describe('formatMoney', () => {
  it('writes integer cents as dollars the way en-US currency formatting does', () => {
    expect(formatMoney(123450)).toBe('$1,234.50');
    expect(formatMoney(5)).toBe('$0.05');
    expect(formatMoney(-100)).toBe('-$1.00');
    expect(formatMoney(0)).toBe('$0.00');
  });

  it('leaves fractions of a cent to Intl', () => {
    const intl = intlMoney('en-US', 'usd', 2);
    expect(formatMoney(12.5)).toBe(
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(0.125),
    );
    expect(formatMoney(Number.NaN)).toBe(intl.format(Number.NaN));
  });

  it('writes the examples of issue 30 and decision 244', () => {
    const cases: Array<[(typeof LOCALES)[number], Currency, string]> = [
      ['en', 'usd', '$1,234.50'],
      ['en', 'cad', 'CA$1,234.50'],
      ['en', 'eur', '€1,234.50'],
      ['fr', 'cad', '1\u00a0234,50\u00a0$'],
      ['fr', 'usd', '1\u00a0234,50\u00a0$\u00a0US'],
      ['fr', 'eur', '1\u00a0234,50\u00a0€'],
      ['es', 'usd', '$1,234.50'],
      ['es', 'mxn', '$1,234.50'],
      ['es', 'cad', 'CAD\u00a01,234.50'],
    ];
    for (const [language, currency, written] of cases) {
      setPageLocale(language);
      setPageCurrency(currency);
      expect(formatMoney(123450), `${language} ${currency}`).toBe(written);
    }
  });

  // Every language with every currency, against Intl in the regional format each follows. Up to
  // ten billion dollars: beyond that Intl's input, cents / 100 as a double, is no longer exact.
  for (const language of LOCALES) {
    for (const currency of CURRENCIES) {
      it(`writes ${currency.toUpperCase()} in ${language} as ${moneyLocaleTag(language, currency)} does`, () => {
        setPageLocale(language);
        setPageCurrency(currency);
        const intl = intlMoney(moneyLocaleTag(language, currency), currency, 2);
        const whole = intlMoney(moneyLocaleTag(language, currency), currency, 0);
        fc.assert(
          fc.property(
            fc.oneof(
              fc.integer({ min: -1e7, max: 1e7 }),
              fc.integer({ min: -1e12, max: 1e12 }),
              fc.constant(-0),
            ),
            (cents) => {
              expect(formatMoney(cents)).toBe(intl.format(cents / 100));
              expect(formatWholeDollars(cents)).toBe(whole.format(Math.round(cents / 100)));
            },
          ),
          { numRuns: 300 },
        );
        expect(formatMoney(12.5)).toBe(
          new Intl.NumberFormat(moneyLocaleTag(language, currency), {
            style: 'currency',
            currency: currency.toUpperCase(),
          }).format(0.125),
        );
      });
    }
  }

  it('writes the pseudo-locale as English', () => {
    setPageLocale('en-XA');
    setPageCurrency('cad');
    expect(formatMoney(-5)).toBe('-CA$0.05');
  });
});

describe('formatWholeDollars', () => {
  it('writes whole units for an axis in each language', () => {
    expect(formatWholeDollars(123_449)).toBe('$1,234');
    setPageLocale('fr');
    setPageCurrency('cad');
    expect(formatWholeDollars(123_450)).toBe('1\u00a0235\u00a0$');
    setPageLocale('es');
    setPageCurrency('usd');
    expect(formatWholeDollars(-100)).toBe('-$1');
  });
});
