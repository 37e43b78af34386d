import { currentLocale } from '../../shared/i18n/current';
import { LOCALE_COOKIE, LOCALE_QUERY, LOCALES, type Locale } from '../../shared/i18n/locales';
import { languageMessages, languageNames } from '../../shared/messages/languages';
import { readOperatorToken } from '../features/operator/operator-session';
import { readJwt } from '../lib/session';
import { useBrand } from './brand';

/**
 * Opens the page again in `locale`, remembered in the `lang` cookie for a year (issue 30). The
 * page reloads rather than re-rendering: the server renders it in the new language, and every
 * text (the server's answers too) follows.
 */
export function rememberLanguage(locale: Locale): void {
  document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

export async function chooseLanguage(locale: Locale, subdomain: string | null): Promise<void> {
  rememberLanguage(locale);
  // An operator choosing in the console or the patrol app saves it on their account (issue 30).
  const isStaffPage = /^\/(dashboard|patrol)(\/|$)/.test(window.location.pathname);
  if (subdomain && isStaffPage && readOperatorToken()) {
    await import('../features/operator/operator-language')
      .then(({ saveOperatorLanguage }) => saveOperatorLanguage(locale))
      .catch(() => undefined);
  }
  // A signed-in customer's choice is saved on the account too (a failure keeps the cookie's).
  else if (subdomain && readJwt()) {
    await import('../features/accounts/save-language')
      .then(({ saveCustomerLanguage }) => saveCustomerLanguage(subdomain, locale))
      .catch(() => undefined);
  }
  const url = new URL(window.location.href);
  url.searchParams.delete(LOCALE_QUERY);
  window.location.replace(url.toString());
}

/**
 * The language menu on every page: the languages the tenant offers, each named in itself. A
 * native select, so it works by keyboard and screen reader and stays small on a phone; hidden when
 * the tenant offers one language.
 */
export function LanguageMenu() {
  const brand = useBrand();
  const offered = brand?.languages ?? LOCALES;
  if (offered.length < 2) return null;
  const current = currentLocale();
  const value = offered.find((locale) => locale === current) ?? brand?.defaultLanguage ?? 'en';
  return (
    <select
      className="language-menu"
      aria-label={languageMessages.menuLabel}
      value={value}
      onChange={(event) => void chooseLanguage(event.currentTarget.value as Locale, brand?.subdomain ?? null)}
    >
      {offered.map((locale) => (
        <option key={locale} value={locale} lang={locale}>
          {languageNames[locale]}
        </option>
      ))}
    </select>
  );
}
