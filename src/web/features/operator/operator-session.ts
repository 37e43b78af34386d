import { useSyncExternalStore } from 'react';

/** The operator's token, kept apart from a customer's session ('jwt'): the roles never mix. */
const KEY = 'operatorJwt';

/**
 * The server renderer's way to the operator of the page it renders (decision 252): the session of
 * the console pages' cookie, as an Authorization value, or null. Set by entry-server.tsx only.
 */
let serverRenderOperator: (() => string | null) | null = null;

export function setServerRenderOperator(resolve: () => string | null) {
  serverRenderOperator = resolve;
}

export function readOperatorToken(): string | null {
  if (typeof window === 'undefined') return serverRenderOperator?.() ?? null;
  return window.localStorage.getItem(KEY);
}

export function storeOperatorToken(jwtToken: string) {
  window.localStorage.setItem(KEY, `Bearer ${jwtToken}`);
}

/**
 * Signs the browser out: the token goes, and the server is asked to drop the console pages'
 * cookie (HttpOnly: no script can). Plain fetch, not the contract's client: the app's entry calls
 * this too and must not bring zod to every page. Sent whatever the outcome (keepalive, as the page
 * may be leaving); a failed call leaves a cookie whose pages the app then renders itself (main.tsx).
 */
export function clearOperatorToken() {
  window.localStorage.removeItem(KEY);
  void fetch('/api/v1/dashboard/auth/sign-out', { method: 'POST', keepalive: true }).catch(() => undefined);
}

function subscribe(onChange: () => void): () => void {
  // 'storage' fires when another tab signs in or out.
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

/**
 * The operator's token for a page the server renders (the sign-in page): none on the server and
 * while hydrating, so the browser's first render matches the server's, then the stored one.
 */
export function useOperatorToken(): string | null {
  return useSyncExternalStore(subscribe, readOperatorToken, () => null);
}
