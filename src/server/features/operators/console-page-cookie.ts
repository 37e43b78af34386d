import { cookieValue } from '../../plugins/request-language';

/**
 * The cookie that lets the server render the console's overview with its figures (decision 252).
 * It carries the operator's session, the very token the sign-in answers (so the same expiry and
 * the same checks: signature, tenant as audience, role, token version, not disabled), and is read
 * by one thing only: the page renderer, for a console page's HTML (GET). The API never reads it:
 * it stays bearer-only, so no state-changing call can be forged from another site with it. Its
 * path keeps it off the API's requests altogether, HttpOnly keeps it from the page's scripts, and
 * SameSite=Strict from any page opened from another site.
 */
export const CONSOLE_PAGE_COOKIE = 'operatorPage';

/** The console's pages (/dashboard and under); the API (/api/...) is outside it. */
export const CONSOLE_PAGE_COOKIE_PATH = '/dashboard';

/** A compact JWS: three base64url parts, as the bearer tokens are. */
const COMPACT_JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

function cookieAttributes(maxAgeSeconds: number, isSecure: boolean): string {
  return [
    `Path=${CONSOLE_PAGE_COOKIE_PATH}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Strict',
    // Production is served over HTTPS only; development and the tests over plain HTTP.
    ...(isSecure ? ['Secure'] : []),
  ].join('; ');
}

/** Set on sign-in: the token, for as long as the token itself is valid. */
export function consolePageCookie(token: string, options: { maxAgeSeconds: number; isSecure: boolean }) {
  return `${CONSOLE_PAGE_COOKIE}=${token}; ${cookieAttributes(options.maxAgeSeconds, options.isSecure)}`;
}

/** Set on sign-out (and sign-out everywhere): the browser forgets the cookie at once. */
export function clearedConsolePageCookie(options: { isSecure: boolean }) {
  return `${CONSOLE_PAGE_COOKIE}=; ${cookieAttributes(0, options.isSecure)}`;
}

/** The token a request's cookie carries, when it is shaped like one; its checks come after. */
export function consolePageTokenFrom(cookieHeader: string | undefined): string | null {
  let value: string | undefined;
  try {
    value = cookieValue(cookieHeader, CONSOLE_PAGE_COOKIE);
  } catch {
    // A malformed escape (decodeURIComponent): no token.
    return null;
  }
  return value && value.length <= 4096 && COMPACT_JWT.test(value) ? value : null;
}
