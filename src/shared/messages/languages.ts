import { localized } from '../i18n/catalogue';

/** The language menu on every page (issue 30). */
export const languageMessages = /* @__PURE__ */ localized('languageMessages', {
  menuLabel: 'Language',
  changed: 'The page is now in English.',
} as const);

/**
 * Each language's name in itself, as a language menu shows them: the same in every catalogue,
 * since a reader looks for the name of the language they read.
 */
export const languageNames = /* @__PURE__ */ localized('languageNames', {
  en: 'English',
  fr: 'Français',
  es: 'Español',
} as const);
