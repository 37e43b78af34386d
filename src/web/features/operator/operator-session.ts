import { useSyncExternalStore } from 'react';

/** The operator's token, kept apart from a customer's session ('jwt'): the roles never mix. */
const KEY = 'operatorJwt';

export function readOperatorToken(): string | null {
  return window.localStorage.getItem(KEY);
}

export function storeOperatorToken(jwtToken: string) {
  window.localStorage.setItem(KEY, `Bearer ${jwtToken}`);
}

export function clearOperatorToken() {
  window.localStorage.removeItem(KEY);
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
