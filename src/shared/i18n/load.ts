import type { AnyLocale } from './locales';

/**
 * Loads a language's catalogue (and the ICU formatter it uses) where it is not loaded yet: a
 * browser fetches only the page's language, as a chunk of its own, before the app renders.
 */
export async function loadLocale(locale: AnyLocale): Promise<void> {
  if (locale === 'fr') await import('../messages/translations/fr');
  else if (locale === 'es') await import('../messages/translations/es');
}
