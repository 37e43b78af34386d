import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { setPageLocale } from '../i18n/current';
import { formatMoney, formatWholeDollars } from './money';

const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

describe('formatMoney', () => {
  // Up to ten billion dollars: beyond that Intl's input, cents / 100 as a double, is no longer exact.
  it('writes integer cents as dollars the way en-US currency formatting does', () => {
    expect(formatMoney(123450)).toBe('$1,234.50');
    expect(formatMoney(5)).toBe('$0.05');
    expect(formatMoney(-100)).toBe('-$1.00');
    expect(formatMoney(0)).toBe('$0.00');
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: -1e7, max: 1e7 }), fc.integer({ min: -1e12, max: 1e12 }), fc.constant(-0)),
        (cents) => {
          expect(formatMoney(cents)).toBe(intl.format(cents / 100));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('leaves fractions of a cent to Intl', () => {
    expect(formatMoney(12.5)).toBe(intl.format(0.125));
    expect(formatMoney(Number.NaN)).toBe(intl.format(Number.NaN));
  });
});

describe('formatMoney in French and Spanish (issue 30)', () => {
  const french = new Intl.NumberFormat('fr-CA', {
    style: 'currency',
    currency: 'USD',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
  });
  afterEach(() => setPageLocale('en'));

  it('writes 1 234,50 $ in fr-CA, as Intl does', () => {
    setPageLocale('fr');
    expect(formatMoney(123450)).toBe('1\u00a0234,50\u00a0$');
    fc.assert(
      fc.property(fc.integer({ min: -1e10, max: 1e10 }), (cents) => {
        expect(formatMoney(cents)).toBe(french.format(cents / 100));
      }),
      { numRuns: 1000 },
    );
  });

  it('writes $1,234.50 in Spanish, as es-US does', () => {
    setPageLocale('es');
    expect(formatMoney(123450)).toBe('$1,234.50');
    expect(formatMoney(-5)).toBe('-$0.05');
  });

  it('writes whole dollars for an axis in each language', () => {
    expect(formatWholeDollars(123_449)).toBe('$1,234');
    setPageLocale('fr');
    expect(formatWholeDollars(123_450)).toBe('1\u00a0235\u00a0$');
    setPageLocale('es');
    expect(formatWholeDollars(-100)).toBe('-$1');
  });
});
