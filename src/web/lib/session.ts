import { useSyncExternalStore } from 'react';

/** The session values of part 1 section 3, under the spec's key names. */
export const SESSION_KEYS = [
  'jwt',
  'userUUID',
  'customerPublicId',
  'brandColor',
  'fullname',
  'entityUUID',
  'orgUUID',
] as const;
export type SessionKey = (typeof SESSION_KEYS)[number];
export type SessionValues = Partial<Record<SessionKey, string>>;

const CHANGE_EVENT = 'portal-session-change';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage disabled (privacy mode): behave as signed out rather than crash.
    return null;
  }
}

/** The stored 'Bearer ...' value, or null when signed out. */
export function readJwt(): string | null {
  return storage()?.getItem('jwt') || null;
}

export function readSession(): SessionValues {
  const store = storage();
  const values: SessionValues = {};
  for (const key of SESSION_KEYS) {
    const value = store?.getItem(key);
    if (value) values[key] = value;
  }
  return values;
}

/** Stores the values given (the jwt as 'Bearer ...') and tells every mounted screen. */
export function storeSession(values: SessionValues): void {
  const store = storage();
  for (const key of SESSION_KEYS) {
    const value = values[key];
    if (value !== undefined) store?.setItem(key, value);
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Logout: removes every session value. */
export function clearSession(): void {
  const store = storage();
  for (const key of SESSION_KEYS) store?.removeItem(key);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function subscribe(onChange: () => void): () => void {
  // 'storage' fires when another tab signs in or out.
  window.addEventListener('storage', onChange);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

/** The stored jwt, kept current across sign-in, sign-out and other tabs. */
export function useJwt(): string | null {
  return useSyncExternalStore(subscribe, readJwt, () => null);
}
