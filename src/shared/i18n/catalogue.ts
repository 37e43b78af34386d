import { currentLocale } from './current';
import { type AnyLocale, type Locale, PSEUDO_LOCALE } from './locales';

/**
 * A translation of one English messages object: the same keys (a missing one falls back to the
 * English text, and the parity test fails), strings as strings, lists as lists, nested objects
 * alike. ICU syntax (`{count, plural, one {…} other {…}}`) is allowed in translations.
 */
export type TranslationOf<T> = {
  [K in keyof T]?: T[K] extends string
    ? string
    : T[K] extends readonly string[]
      ? readonly string[]
      : T[K] extends object
        ? TranslationOf<T[K]>
        : never;
};

/** A whole language: messages objects by their exported name ('commonMessages', ...). */
export type Translations = Record<string, Record<string, unknown>>;

/** Every English messages object, by name: the catalogue the others are checked against. */
export const englishCatalogue: Record<string, object> = {};
const translations: Partial<Record<Locale, Translations>> = {};
/** English text → where it is in the catalogue, for texts read once at start-up (zod's messages). */
const reverseIndex = new Map<string, { name: string; key: string }>();

/** A language's catalogue, once it is loaded (a browser loads only the page's language). */
export function registerTranslations(locale: Locale, catalogue: Translations): void {
  translations[locale] = catalogue;
  reverseIndex.clear();
}

export function translationsOf(locale: Locale): Translations | undefined {
  return translations[locale];
}

const PSEUDO_OPEN = '⟦';
const PSEUDO_CLOSE = '⟧';
export const PSEUDO_MARKS = { open: PSEUDO_OPEN, close: PSEUDO_CLOSE } as const;

/** The pseudo-locale's text: the English, marked, and a third longer to show tight layouts. */
function pseudo(value: unknown): unknown {
  if (typeof value === 'string') {
    if (value === '') return value;
    const padding = '·'.repeat(Math.ceil(value.length / 6));
    return `${PSEUDO_OPEN}${value}${padding}${PSEUDO_CLOSE}`;
  }
  if (Array.isArray(value)) return value.map(pseudo);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, pseudo(inner)]));
  }
  return value;
}

/** The value of `key` of the messages object `name` in `locale`, English where it has none. */
function translated(name: string, english: Record<string, unknown>, key: string, locale: AnyLocale): unknown {
  const source = english[key];
  if (locale === 'en') return source;
  if (locale === PSEUDO_LOCALE) return pseudo(source);
  const value = translations[locale]?.[name]?.[key];
  if (value === undefined || value === null) return source;
  if (typeof source === 'object' && source !== null && !Array.isArray(source)) {
    // A nested object (role names, statuses): its own keys fall back one by one.
    return { ...(source as object), ...(value as object) };
  }
  return value;
}

/**
 * An English messages object that answers in the current language: the same object, keys and
 * types to its callers, so call sites stay `commonMessages.loading`. The English text is the
 * spec's, unchanged; the other languages are in src/shared/messages/translations/.
 */
export function localized<T extends object>(name: string, english: T): T {
  englishCatalogue[name] = english;
  reverseIndex.clear();
  return new Proxy(english, {
    get(target, key, receiver) {
      if (typeof key !== 'string' || !Object.hasOwn(target, key)) return Reflect.get(target, key, receiver);
      return translated(name, target as Record<string, unknown>, key, currentLocale());
    },
    getOwnPropertyDescriptor(target, key) {
      const descriptor = Reflect.getOwnPropertyDescriptor(target, key);
      if (!descriptor || typeof key !== 'string') return descriptor;
      // Object.entries and spreads read through here: give them the current language's value.
      return {
        ...descriptor,
        value: translated(name, target as Record<string, unknown>, key, currentLocale()),
      };
    },
  });
}

function buildReverseIndex() {
  for (const [name, english] of Object.entries(englishCatalogue)) {
    for (const [key, value] of Object.entries(english as Record<string, unknown>)) {
      if (typeof value === 'string' && value && !reverseIndex.has(value))
        reverseIndex.set(value, { name, key });
    }
  }
}

/**
 * A text that is exactly one of the English catalogue's, in `locale`; any other text as it is.
 * For messages fixed when a module loaded (a contract's zod message) and shown later.
 */
export function translateEnglish(text: string, locale: AnyLocale = currentLocale()): string {
  if (locale === 'en') return text;
  if (reverseIndex.size === 0) buildReverseIndex();
  const place = reverseIndex.get(text);
  if (!place) return text;
  const value = translated(
    place.name,
    englishCatalogue[place.name] as Record<string, unknown>,
    place.key,
    locale,
  );
  return typeof value === 'string' ? value : text;
}

/** How a translation with ICU syntax is formatted: given by the translations' module (FormatJS). */
type IcuFormatter = (template: string, values: Record<string, string | number>, locale: AnyLocale) => string;
let icuFormatter: IcuFormatter | null = null;

export function registerIcuFormatter(format: IcuFormatter): void {
  icuFormatter = format;
}

/** `{name, plural, ...}`, `{name, select, ...}`, `{n, number}`: what needs the ICU formatter. */
const ICU_ARGUMENT = /\{\s*\w+\s*,\s*(plural|select|selectordinal|number|date|time)\b/;

/** Whether a message needs the ICU formatter: English counts in the console do (decision 228). */
export function hasIcuArgument(template: string): boolean {
  return ICU_ARGUMENT.test(template);
}

/**
 * Fills a message's placeholders. English (the spec's texts) uses plain `{name}` placeholders,
 * filled here without a library; a translation that needs plurals or selects is formatted by
 * FormatJS's intl-messageformat, which only the translations' module loads.
 */
export function formatTemplate(
  template: string,
  values: Record<string, string | number>,
): string | undefined {
  if (!hasIcuArgument(template) || !icuFormatter) return undefined;
  return icuFormatter(template, values, currentLocale());
}
