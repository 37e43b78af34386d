/**
 * The portal's languages (issue 30, decision 207). English is the catalogue the code is written
 * in (src/shared/messages); French is written for Canada ("vous"), Spanish for Latin America.
 */
export const LOCALES = ['en', 'fr', 'es'] as const;
export type Locale = (typeof LOCALES)[number];

/** Tests only: every catalogue string marked, so unmarked text on a screen is a literal. */
export const PSEUDO_LOCALE = 'en-XA';
export type AnyLocale = Locale | typeof PSEUDO_LOCALE;

export const DEFAULT_LOCALE: Locale = 'en';

/** The cookie that remembers a visitor's choice, and the query parameter that makes one. */
export const LOCALE_COOKIE = 'lang';
export const LOCALE_QUERY = 'lang';

/** The tag for Intl and for <html lang>: the regional variants the translations are written for. */
export const LOCALE_TAGS: Record<AnyLocale, string> = {
  en: 'en-US',
  fr: 'fr-CA',
  es: 'es-419',
  'en-XA': 'en-XA',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * A language tag ('fr-CA', 'es_MX', 'EN') as one of ours, or undefined. The pseudo-locale is
 * taken only where `allowPseudo` says so (tests).
 */
export function parseLocale(value: unknown, allowPseudo = false): AnyLocale | undefined {
  if (typeof value !== 'string') return undefined;
  const tag = value.trim().replace('_', '-').toLowerCase();
  if (allowPseudo && tag === PSEUDO_LOCALE.toLowerCase()) return PSEUDO_LOCALE;
  const language = tag.split('-')[0];
  return isLocale(language) ? language : undefined;
}

/** An Accept-Language header's languages in the order the browser prefers them. */
export function acceptedLocales(header: string | undefined | null): Locale[] {
  if (!header) return [];
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { locale: parseLocale(tag), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry): entry is { locale: Locale; q: number; index: number } => !!entry.locale && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return [...new Set(ranked.map((entry) => entry.locale))];
}

/** What a tenant offers: its languages (all three unless it turned some off) and its default. */
export interface TenantLanguages {
  languages: readonly Locale[];
  defaultLanguage: Locale;
}

export const ALL_LANGUAGES: TenantLanguages = { languages: LOCALES, defaultLanguage: DEFAULT_LOCALE };

/**
 * The language a page or answer is in: the visitor's explicit choice (?lang, then the cookie, then
 * a signed-in person's saved language), then the browser's Accept-Language, then the tenant's
 * default. A choice the tenant does not offer is passed over.
 */
export function chooseLocale(
  sources: {
    query?: unknown;
    cookie?: unknown;
    saved?: unknown;
    acceptLanguage?: string | null;
    allowPseudo?: boolean;
  },
  tenant: TenantLanguages = ALL_LANGUAGES,
): AnyLocale {
  const offered = (locale: AnyLocale | undefined): locale is AnyLocale =>
    locale === PSEUDO_LOCALE || (!!locale && tenant.languages.includes(locale));
  for (const explicit of [sources.query, sources.cookie, sources.saved]) {
    const locale = parseLocale(explicit, sources.allowPseudo);
    if (offered(locale)) return locale;
  }
  const accepted = acceptedLocales(sources.acceptLanguage).find(offered);
  return accepted ?? tenant.defaultLanguage;
}
