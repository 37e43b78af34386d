import { type AnyLocale, DEFAULT_LOCALE } from './locales';

/**
 * The language strings are read in right now. In a browser it is the page's one language, set
 * before the app renders (a change of language reloads the page); on the server a resolver reads
 * the request's (an AsyncLocalStorage), so concurrent requests in different languages never mix.
 */
let pageLocale: AnyLocale = DEFAULT_LOCALE;
let resolver: (() => AnyLocale | undefined) | null = null;

export function currentLocale(): AnyLocale {
  return resolver?.() ?? pageLocale;
}

/** The browser's: the page's language, from <html lang>. */
export function setPageLocale(locale: AnyLocale): void {
  pageLocale = locale;
}

/** The server's: where the current request's language is found. */
export function setLocaleResolver(resolve: (() => AnyLocale | undefined) | null): void {
  resolver = resolve;
}
