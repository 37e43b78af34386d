/**
 * The currencies a tenant may charge in (issue 30, decision 244): ISO 4217 codes, lower-case as
 * Stripe writes them. Every one has two decimals, so an amount is always integer cents; adding a
 * currency without them (JPY) would need more than a line here.
 */
export const CURRENCIES = ['usd', 'cad', 'eur', 'gbp', 'mxn', 'aud'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** A tenant's currency unless it chose another: the portal's first tenants were all American. */
export const DEFAULT_CURRENCY: Currency = 'usd';

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}
