/**
 * Intl's formatter, for the amounts the fast path below does not take (fractions of a cent).
 * Made on first use: creating a currency formatter loads the locale's currency data, ~20 ms of a
 * page's first task on a desktop and four times that on a phone, for what a few lines do exactly.
 */
let intlDollars: Intl.NumberFormat | undefined;
const dollars = () =>
  (intlDollars ??= new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
  }));

/** The one way an amount is shown: integer cents as dollars with two decimals ('$1,234.50'). */
export function formatMoney(cents: number): string {
  if (!Number.isSafeInteger(cents)) return dollars().format(cents / 100);
  // As en-US's currency format writes it: a minus before the sign, commas between thousands.
  const sign = cents < 0 || Object.is(cents, -0) ? '-' : '';
  const absolute = Math.abs(cents);
  const whole = String(Math.floor(absolute / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${whole}.${String(absolute % 100).padStart(2, '0')}`;
}
