import { type Currency, DEFAULT_CURRENCY } from '../rules/currencies';

/**
 * The currency amounts are written in right now: the tenant's (decision 244). Like the language
 * (i18n/current.ts), a page has one: the browser sets it from the brand before the app renders;
 * on the server a resolver reads the request's tenant, or the tenant an email is written for.
 */
let pageCurrency: Currency = DEFAULT_CURRENCY;
let resolver: (() => Currency | undefined) | null = null;

export function currentCurrency(): Currency {
  return resolver?.() ?? pageCurrency;
}

/** The browser's: the currency of the page's tenant, from its brand. */
export function setPageCurrency(currency: Currency): void {
  pageCurrency = currency;
}

/** The server's: where the current request's (or email's) currency is found. */
export function setCurrencyResolver(resolve: (() => Currency | undefined) | null): void {
  resolver = resolve;
}
