const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
});

/** The one way an amount is shown: integer cents as dollars with two decimals ('$1,234.50'). */
export function formatMoney(cents: number): string {
  return dollars.format(cents / 100);
}
