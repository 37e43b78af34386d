import { describe, expect, it } from 'vitest';
import {
  CONSOLE_PAGE_COOKIE,
  clearedConsolePageCookie,
  consolePageCookie,
  consolePageTokenFrom,
} from './console-page-cookie';

describe('the console pages cookie (decision 252)', () => {
  it('is HttpOnly, SameSite=Strict, on the console pages only, and Secure in production', () => {
    expect(consolePageCookie('a.b.c', { maxAgeSeconds: 60, isSecure: true })).toBe(
      `${CONSOLE_PAGE_COOKIE}=a.b.c; Path=/dashboard; Max-Age=60; HttpOnly; SameSite=Strict; Secure`,
    );
    expect(clearedConsolePageCookie({ isSecure: false })).toBe(
      `${CONSOLE_PAGE_COOKIE}=; Path=/dashboard; Max-Age=0; HttpOnly; SameSite=Strict`,
    );
  });

  it('yields a token only when it is shaped like one', () => {
    expect(consolePageTokenFrom(`lang=fr; ${CONSOLE_PAGE_COOKIE}=aa.bb-_.cc`)).toBe('aa.bb-_.cc');
    expect(consolePageTokenFrom(undefined)).toBeNull();
    expect(consolePageTokenFrom(`${CONSOLE_PAGE_COOKIE}=`)).toBeNull();
    expect(consolePageTokenFrom(`${CONSOLE_PAGE_COOKIE}=Bearer aa.bb.cc`)).toBeNull();
    expect(consolePageTokenFrom(`${CONSOLE_PAGE_COOKIE}=aa.bb`)).toBeNull();
    expect(consolePageTokenFrom(`${CONSOLE_PAGE_COOKIE}=a%ZZ.b.c`)).toBeNull();
    expect(consolePageTokenFrom(`other${CONSOLE_PAGE_COOKIE}=aa.bb.cc`)).toBeNull();
  });
});
