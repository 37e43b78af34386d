import { currentLocale } from '../i18n/current';

/**
 * Intl's formatter, for the amounts the fast path below does not take (fractions of a cent).
 * Made on first use: creating a currency formatter loads the locale's currency data, ~20 ms of a
 * page's first task on a desktop and four times that on a phone, for what a few lines do exactly.
 */
let intlDollars: Intl.NumberFormat | undefined;
let intlFrenchDollars: Intl.NumberFormat | undefined;
const frenchDollars = () =>
  (intlFrenchDollars ??= new Intl.NumberFormat('fr-CA', {
    style: 'currency',
    currency: 'USD',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
  }));
const dollars = () =>
  (intlDollars ??= new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
  }));

/** No-break space: French writes it between thousands and before the currency sign. */
const NBSP = '\u00a0';

/**
 * The one way an amount is shown: integer cents as dollars with two decimals, written as the
 * current language writes money (issue 30): '$1,234.50' in English and Spanish (as en-US and
 * es-US do), '1 234,50 $' in French (fr-CA). No Intl on this path, so pages hydrate without it.
 */
export function formatMoney(cents: number): string {
  const isFrench = currentLocale() === 'fr';
  if (!Number.isSafeInteger(cents)) {
    return isFrench ? frenchDollars().format(cents / 100) : dollars().format(cents / 100);
  }
  const sign = cents < 0 || Object.is(cents, -0) ? '-' : '';
  const absolute = Math.abs(cents);
  const cent = String(absolute % 100).padStart(2, '0');
  const units = String(Math.floor(absolute / 100));
  if (isFrench) return `${sign}${units.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP)},${cent}${NBSP}$`;
  // As en-US's currency format writes it: a minus before the sign, commas between thousands.
  return `${sign}$${units.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cent}`;
}

/** An amount rounded to whole dollars, without cents, for a chart's axis: '$1,235', '1 235 $'. */
export function formatWholeDollars(cents: number): string {
  const money = formatMoney(Math.round(cents / 100) * 100);
  return currentLocale() === 'fr' ? money.replace(/,00(?=\u00a0\$$)/, '') : money.replace(/\.00$/, '');
}
