import { currentLocale } from '../i18n/current';

/** No-break space: French (fr-CA) writes it between thousands, as Intl does. */
const NBSP = '\u00a0';

/** How the current language writes numbers: en-US and es-419 '1,234.5', fr-CA '1 234,5'. */
function separators(): { group: string; decimal: string } {
  return currentLocale() === 'fr' ? { group: NBSP, decimal: ',' } : { group: ',', decimal: '.' };
}

/**
 * A number as the current language writes it (issue 30), with `fractionDigits` decimals (none
 * by default): '10,217' in English and Spanish, '10 217' in French. Written by hand, like
 * formatMoney, so server-rendered pages hydrate without an Intl formatter (decision 173); unit
 * tests compare it with Intl. Not for machine-readable output (CSV keeps plain digits).
 */
export function formatNumber(value: number, fractionDigits = 0): string {
  if (!Number.isFinite(value)) return String(value);
  const { group, decimal } = separators();
  const fixed = Math.abs(value).toFixed(fractionDigits);
  const [units = '0', fraction] = fixed.split('.');
  const isNegative = value < 0 && Number(fixed) !== 0;
  const grouped = units.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${isNegative ? '-' : ''}${grouped}${fraction ? `${decimal}${fraction}` : ''}`;
}
