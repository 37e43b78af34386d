import { updateOperatorLanguageContract } from '../../../shared/contract';
import { currentLocale } from '../../../shared/i18n/current';
import { LOCALE_QUERY, type Locale, PSEUDO_LOCALE } from '../../../shared/i18n/locales';
import { rememberLanguage } from '../../app/language-menu';
import { callApi } from '../../lib/api-client';
import { readOperatorToken } from './operator-session';

/**
 * Saves the signed-in operator's language on their account (issue 30): the console and the
 * patrol app open in it on every device they sign in on, and their own emails use it.
 */
export function saveOperatorLanguage(language: Locale | null) {
  return callApi(
    updateOperatorLanguageContract,
    { body: { language } },
    { authorization: readOperatorToken() },
  );
}

/**
 * Opens the page again in the operator's saved language when it is not the page's: after
 * signing in, or when they chose another language on another device. True while it reloads.
 * The test-only pseudo-locale is left alone.
 */
export function followOperatorLanguage(language: Locale | null | undefined, path?: string): boolean {
  const current = currentLocale();
  if (!language || language === current || current === PSEUDO_LOCALE) return false;
  rememberLanguage(language);
  const url = new URL(path ?? window.location.href, window.location.href);
  url.searchParams.delete(LOCALE_QUERY);
  window.location.replace(url.toString());
  return true;
}
