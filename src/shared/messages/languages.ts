import { localized } from '../i18n/catalogue';

/** The language menu on every page (issue 30). */
export const languageMessages = /* @__PURE__ */ localized('languageMessages', {
  menuLabel: 'Language',
  changed: 'The page is now in English.',
  settingsSection: 'Languages',
  offeredLabel: 'Languages the portal offers',
  defaultLabel: 'Default language',
  defaultHint: 'For visitors whose browser asks for none of the languages offered.',
  atLeastOne: 'The portal must offer at least one language.',
  defaultNotOffered: 'The default language must be one of the languages the portal offers.',
  unknownLanguage: 'Choose English, French or Spanish.',
  yourLanguage: 'Your language',
  notOffered: 'This portal does not offer that language.',
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
