import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, readJwt, readSession, SESSION_KEYS, storeSession } from './session';

/** A minimal window with localStorage and events: the unit project runs without a DOM. */
function fakeWindow() {
  const items = new Map<string, string>();
  const target = new EventTarget();
  return Object.assign(target, {
    localStorage: {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, String(value)),
      removeItem: (key: string) => void items.delete(key),
    },
    items,
  });
}

let win: ReturnType<typeof fakeWindow>;
beforeEach(() => {
  win = fakeWindow();
  vi.stubGlobal('window', win);
});
afterEach(() => vi.unstubAllGlobals());

describe('session values', () => {
  it('are stored under the spec keys, the jwt as Bearer', () => {
    storeSession({
      jwt: 'Bearer abc.def.ghi',
      userUUID: 'u',
      customerPublicId: '123',
      brandColor: '1F6FEB',
      fullname: 'Dana',
      entityUUID: 'e',
      orgUUID: 'o',
    });
    expect([...win.items.keys()].sort()).toEqual([...SESSION_KEYS].sort());
    expect(readJwt()).toBe('Bearer abc.def.ghi');
    expect(readSession()).toMatchObject({ fullname: 'Dana', orgUUID: 'o' });
  });

  it('are all removed on logout, and tell listeners', () => {
    const listener = vi.fn();
    win.addEventListener('portal-session-change', listener);
    storeSession({ jwt: 'Bearer x', fullname: 'Dana' });
    win.items.set('unrelated', 'kept');
    clearSession();
    expect(readJwt()).toBeNull();
    expect(readSession()).toEqual({});
    expect(win.items.get('unrelated')).toBe('kept');
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('leave other values alone when only some change', () => {
    storeSession({ jwt: 'Bearer one', fullname: 'Dana' });
    storeSession({ jwt: 'Bearer two' });
    expect(readSession()).toEqual({ jwt: 'Bearer two', fullname: 'Dana' });
  });
});
