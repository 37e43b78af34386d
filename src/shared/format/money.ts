import { currentLocale } from '../i18n/current';
import type { Locale } from '../i18n/locales';
import type { Currency } from '../rules/currencies';
import { currentCurrency } from './current-currency';

/** No-break space: French writes it between thousands and before the currency sign. */
const NBSP = '\u00a0';

/** What is written before and after the number for a currency, the minus sign coming first. */
interface Affixes {
  before: string;
  after: string;
}
const before = (sign: string): Affixes => ({ before: sign, after: '' });
const after = (sign: string): Affixes => ({ before: '', after: `${NBSP}${sign}` });

/**
 * Each language's signs for each currency, as Intl's currency format writes them (decision 244):
 * English as en-US ('$', 'CA$'); French as fr-CA, where '$' alone is the Canadian dollar
 * ('1 234,50 $', '12,00 $ US'); Spanish as es-US, and the peso as es-MX writes it ('$1,234.50').
 */
const AFFIXES: Record<Locale, Record<Currency, Affixes>> = {
  en: {
    usd: before('$'),
    cad: before('CA$'),
    eur: before('€'),
    gbp: before('£'),
    mxn: before('MX$'),
    aud: before('A$'),
  },
  fr: {
    usd: after(`$${NBSP}US`),
    cad: after('$'),
    eur: after('€'),
    gbp: after('£'),
    mxn: after('MXN'),
    aud: after(`$${NBSP}AU`),
  },
  es: {
    usd: before('$'),
    cad: before(`CAD${NBSP}`),
    eur: before(`EUR${NBSP}`),
    gbp: before(`GBP${NBSP}`),
    mxn: before('$'),
    aud: before(`AUD${NBSP}`),
  },
};

const SEPARATORS: Record<Locale, { group: string; decimal: string }> = {
  en: { group: ',', decimal: '.' },
  fr: { group: NBSP, decimal: ',' },
  es: { group: ',', decimal: '.' },
};

/** The regional format each language's amounts follow, for Intl (the unit tests compare with it). */
export function moneyLocaleTag(language: Locale, currency: Currency): string {
  if (language === 'fr') return 'fr-CA';
  if (language === 'es') return currency === 'mxn' ? 'es-MX' : 'es-US';
  return 'en-US';
}

/**
 * Intl's formatters, for the amounts the fast path below does not take (fractions of a cent).
 * Made on first use: creating a currency formatter loads the locale's currency data, ~20 ms of a
 * page's first task on a desktop and four times that on a phone, for what a few lines do exactly.
 */
const intlFormatters = new Map<string, Intl.NumberFormat>();
function intlMoney(language: Locale, currency: Currency, fractionDigits: 0 | 2): Intl.NumberFormat {
  const key = `${language}:${currency}:${fractionDigits}`;
  let formatter = intlFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(moneyLocaleTag(language, currency), {
      style: 'currency',
      currency: currency.toUpperCase(),
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits === 0 ? 0 : undefined,
    });
    intlFormatters.set(key, formatter);
  }
  return formatter;
}

/** The language amounts are written in: the pseudo-locale's are English. */
const moneyLanguage = (): Locale => {
  const locale = currentLocale();
  return locale === 'en-XA' ? 'en' : locale;
};

function writeMoney(cents: number, fractionDigits: 0 | 2): string {
  const language = moneyLanguage();
  const currency = currentCurrency();
  if (!Number.isSafeInteger(cents)) return intlMoney(language, currency, fractionDigits).format(cents / 100);
  const { before: prefix, after: suffix } = AFFIXES[language][currency];
  const { group, decimal } = SEPARATORS[language];
  const sign = cents < 0 || Object.is(cents, -0) ? '-' : '';
  const absolute = Math.abs(cents);
  const units = String(Math.floor(absolute / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const fraction = fractionDigits === 2 ? `${decimal}${String(absolute % 100).padStart(2, '0')}` : '';
  return `${sign}${prefix}${units}${fraction}${suffix}`;
}

/**
 * The one way an amount is shown: integer cents in the tenant's currency with two decimals,
 * written as the current language writes money (issue 30): '$1,234.50' and 'CA$1,234.50' in
 * English, '1 234,50 $' (Canadian dollars) in French, '$1,234.50' in Spanish. No Intl on this
 * path, so pages hydrate without it (decision 173).
 */
export function formatMoney(cents: number): string {
  return writeMoney(cents, 2);
}

/** An amount rounded to whole units, without cents, for a chart's axis: '$1,235', '1 235 $'. */
export function formatWholeDollars(cents: number): string {
  return writeMoney(Math.round(cents / 100) * 100, 0);
}

/** The tenant's currency by its ISO code ('CAD'), for a label such as 'Amount (CAD)'. */
export function formatCurrencyCode(): string {
  return currentCurrency().toUpperCase();
}

/**
 * How an amount field writes its value in the current language and currency, as formatMoney
 * does: Mantine's NumberInput props (prefix or suffix, and the separators).
 */
export function moneyInputFormat(): {
  prefix: string;
  suffix: string;
  thousandSeparator: string;
  decimalSeparator: string;
} {
  const language = moneyLanguage();
  const { before: prefix, after: suffix } = AFFIXES[language][currentCurrency()];
  const { group, decimal } = SEPARATORS[language];
  return { prefix, suffix, thousandSeparator: group, decimalSeparator: decimal };
}
