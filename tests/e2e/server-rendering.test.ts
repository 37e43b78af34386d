import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { citationMessages } from '../../src/shared/messages';
import {
  expectAccessible,
  expectNoHorizontalScroll,
  expectNoPageErrors,
  openFreshPagePerTest,
  screenshot,
  tenantUrl,
} from './support/browser';

let page: Page;
let browser: Browser;
let context: BrowserContext;

const { openPhonePage } = openFreshPagePerTest((opened) => {
  ({ page, browser, context } = opened);
});

/**
 * Keeps, before the app's script runs, the <main> the server rendered, and every console error.
 * Scripts of type module run after the document is parsed ('interactive') and before
 * DOMContentLoaded, so this sees the server's markup untouched.
 */
async function watchHydration(target: Page) {
  const consoleErrors: string[] = [];
  target.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await target.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') {
        (window as unknown as { serverMain: Element | null }).serverMain = document.querySelector('main');
      }
    });
  });
  return consoleErrors;
}

/** Waits until React owns <main>, then tells whether it is the element the server sent. */
async function hydratedServerMain(target: Page): Promise<{ isServerElement: boolean; serverText: string }> {
  await target.waitForFunction(() => {
    const main = document.querySelector('main');
    return main !== null && Object.keys(main).some((key) => key.startsWith('__reactFiber'));
  });
  return target.evaluate(() => {
    const serverMain = (window as unknown as { serverMain: Element | null }).serverMain;
    return {
      isServerElement: serverMain !== null && serverMain === document.querySelector('main'),
      serverText: serverMain?.textContent ?? '',
    };
  });
}

/** A notice's page, as the list links to it. */
async function noticePath(number: string): Promise<string> {
  await page.goto(tenantUrl('demo', '/citations?plate=ABC1234'));
  return (await page
    .getByRole('link', { name: `Select ${number}` })
    .first()
    .getAttribute('href'))!;
}

describe('server-rendered public pages (decision 158)', () => {
  const pages: {
    name: string;
    path: () => Promise<string>;
    shows: string | string[];
    subdomain?: string;
    lacks?: string;
  }[] = [
    { name: 'home', path: async () => '/', shows: 'Register for a Parking Pass' },
    { name: 'notice list', path: async () => '/citations?plate=ABC1234', shows: 'D001002' },
    {
      name: 'notice detail',
      path: () => noticePath('D001002'),
      shows: 'Notice D001002',
    },
    { name: 'choose a pass', path: async () => '/permits/choose', shows: 'Monthly Garage Pass' },
    {
      name: 'activity report',
      path: async () => '/reports/a11ce5ca-2026-4c0d-9e1a-5ca11ed0d3a0',
      shows: 'Total scans',
    },
    {
      // A sold-out product opened by its URL says so in the first paint, with its waitlist,
      // and sends no form to fill (issue 27; tests/e2e/fixtures/phone-tables.json).
      name: 'a sold-out pass with a waitlist',
      subdomain: 'tablelight',
      path: async () => '/permit/7ab1e5d0-0000-4000-8000-000000000501/guestcheckout',
      shows:
        'Sorry, this parking pass is sold out or has been fully reserved at this time.Choose another passJoin the waitlist',
      lacks: 'Get my pass',
    },
    {
      name: 'a notice of no tenant',
      path: async () => '/citations/00000000-0000-4000-8000-000000000000',
      shows: citationMessages.noLongerValid,
    },
  ];

  for (const { name, path, shows, subdomain = 'demo', lacks } of pages) {
    it(`${name}: arrives rendered and is hydrated without a mismatch`, async () => {
      const consoleErrors = await watchHydration(page);
      await page.goto(tenantUrl(subdomain, await path()));
      const { isServerElement, serverText } = await hydratedServerMain(page);
      for (const text of [shows].flat()) expect(serverText).toContain(text);
      if (lacks) expect(serverText).not.toContain(lacks);
      // A mismatch makes React drop the server's markup and render anew: the element changes and
      // a recoverable error is reported on the console.
      expect(isServerElement).toBe(true);
      expect(consoleErrors).toEqual([]);
      await expectAccessible(page);
      expectNoPageErrors(page);
    });
  }

  it('searches from the home page before the app has taken over (the browser submits the form)', async () => {
    const withoutScripts = await browser.newContext({ javaScriptEnabled: false });
    try {
      const plain = await withoutScripts.newPage();
      await plain.goto(tenantUrl('demo'));
      await plain.getByLabel('Notice # OR License plate').fill('KLM5521');
      await plain.keyboard.press('Enter');
      await plain.waitForURL(/\/citations\?plate=KLM5521$/);
      await expect(plain.locator('main').textContent()).resolves.toContain('KLM5521');
    } finally {
      await withoutScripts.close();
    }
  });

  it("shows a notice's dates without building an Intl date formatter: the page carries its zone (decision 173)", async () => {
    // The first Intl date formatter of a tab loads ICU's data: a long task on a phone.
    await page.addInitScript(() => {
      const counter = { built: 0 };
      (window as unknown as { intlDateFormatters: typeof counter }).intlDateFormatters = counter;
      const count = (target: typeof Intl.DateTimeFormat) => {
        counter.built += 1;
        return target;
      };
      Intl.DateTimeFormat = new Proxy(Intl.DateTimeFormat, {
        construct: (target, args) => Reflect.construct(count(target), args),
        apply: (target, self, args) => Reflect.apply(count(target), self, args),
      });
    });
    for (const path of ['/citations?plate=ABC1234', await noticePath('D001002')]) {
      await page.goto(tenantUrl('demo', path));
      await hydratedServerMain(page);
      // A date the server wrote (MM/DD/YYYY or MMM DD, YYYY), read again by the hydrated page.
      await expect(page.locator('main').textContent()).resolves.toMatch(
        /\d\d\/\d\d\/\d{4}|[A-Z][a-z]{2} \d\d, \d{4}/,
      );
      await expect(
        page.evaluate(
          () => (window as unknown as { intlDateFormatters: { built: number } }).intlDateFormatters.built,
        ),
      ).resolves.toBe(0);
    }
    expectNoPageErrors(page);
  });
});

describe('the console sign-in, rendered on the server (decision 245)', () => {
  // tests/e2e/fixtures/console-core.json: a light brand on a phone, a dark one on a desktop.
  for (const [subdomain, isPhone] of [
    ['corelight', true],
    ['coredark', false],
  ] as const) {
    it(`signs in with what was typed before the app took over (${subdomain}${isPhone ? ', phone' : ''})`, async () => {
      if (isPhone) page = await openPhonePage();
      const consoleErrors = await watchHydration(page);
      // The app's code is held back until the form is filled, as on a slow phone.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(/\/assets\/.*\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(tenantUrl(subdomain, '/dashboard/login'), { waitUntil: 'commit' });
      await page.getByLabel('Email').fill(`admin@${subdomain}.example`);
      await page.getByRole('textbox', { name: 'Password' }).fill('Operator#2026');
      // Until the app runs, the button waits: a press would submit the form natively.
      await expect(page.getByRole('button', { name: 'Sign in' }).isDisabled()).resolves.toBe(true);
      release();
      const { isServerElement, serverText } = await hydratedServerMain(page);
      expect(serverText).toContain('Sign in');
      expect(isServerElement).toBe(true);
      const button = page.getByRole('button', { name: 'Sign in' });
      await expect.poll(() => button.isEnabled()).toBe(true);
      await expect(page.getByLabel('Email').inputValue()).resolves.toBe(`admin@${subdomain}.example`);
      await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      await screenshot(page, `console-sign-in-${subdomain}`);
      // By keyboard: Enter in the password field submits the form the app now owns.
      await page.getByRole('textbox', { name: 'Password' }).press('Enter');
      await page.waitForURL((url) => url.pathname === '/dashboard');
      expect(consoleErrors).toEqual([]);
      expectNoPageErrors(page);
    });
  }
});

describe('the console overview, rendered on the server for a signed-in operator (decision 252)', () => {
  /** The console pages' cookie of this browser, if it holds one. */
  const pageCookie = async () => (await context.cookies()).find((cookie) => cookie.name === 'operatorPage');

  async function signInThroughTheForm(subdomain: string) {
    await page.goto(tenantUrl(subdomain, '/dashboard/login'));
    await page.getByLabel('Email').fill(`admin@${subdomain}.example`);
    await page.getByRole('textbox', { name: 'Password' }).fill('Operator#2026');
    const button = page.getByRole('button', { name: 'Sign in' });
    await expect.poll(() => button.isEnabled()).toBe(true);
    await button.click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
  }

  // tests/e2e/fixtures/console-core.json: a light brand on a phone, a dark one on a desktop.
  for (const [subdomain, isPhone] of [
    ['corelight', true],
    ['coredark', false],
  ] as const) {
    it(`arrives with its frame and tiles, hydrates them, and forgets them on sign-out (${subdomain}${isPhone ? ', phone' : ''})`, async () => {
      if (isPhone) page = await openPhonePage();
      await signInThroughTheForm(subdomain);
      const cookie = await pageCookie();
      expect(cookie?.httpOnly).toBe(true);
      expect(cookie?.sameSite).toBe('Strict');
      expect(cookie?.path).toBe('/dashboard');

      // Opened again (a reload, a bookmark): the server renders it for the cookie's operator.
      const consoleErrors = await watchHydration(page);
      const answer = await page.goto(tenantUrl(subdomain, '/dashboard'));
      expect(await answer?.text()).toContain('Notices issued today');
      const { isServerElement, serverText } = await hydratedServerMain(page);
      expect(serverText).toContain('Notices issued today');
      expect(isServerElement).toBe(true);
      // The charts follow the tiles once the app runs (on a phone, once scrolled down to).
      if (isPhone) await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(page.getByRole('heading', { name: 'Trends' }).waitFor()).resolves.toBeUndefined();
      await page.locator('.trend-chart canvas').first().waitFor();
      await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      await screenshot(page, `console-overview-server-${subdomain}`);
      expect(consoleErrors).toEqual([]);
      expectNoPageErrors(page);

      // Signing out drops the cookie too: the overview is then the sign-in page, rendered for no one.
      // The operator's menu (on a phone the button shows their role only: 'Administrator').
      await page.locator('.console__who').click();
      await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard/login');
      await expect.poll(pageCookie).toBeUndefined();
      const afterSignOut = await page.goto(tenantUrl(subdomain, '/dashboard'));
      expect(await afterSignOut?.text()).not.toContain('Notices issued today');
      await page.waitForURL((url) => url.pathname === '/dashboard/login');
    });
  }

  it('sends a browser whose token is gone to the sign-in page, and drops the cookie it still held', async () => {
    await signInThroughTheForm('corelight');
    // A sign-out whose call to the server was lost: the token is gone, the cookie is not. Removed
    // away from the console: on a console page the frame would notice at its next render and sign
    // out for good at once (the behaviour checked below), racing the cookie's check here.
    await page.goto(tenantUrl('corelight', '/privacy'));
    await page.evaluate(() => localStorage.removeItem('operatorJwt'));
    expect(await pageCookie()).toBeDefined();
    const consoleErrors = await watchHydration(page);
    await page.goto(tenantUrl('corelight', '/dashboard'));
    await page.waitForURL((url) => url.pathname === '/dashboard/login');
    await expect.poll(pageCookie).toBeUndefined();
    await expect(page.getByRole('button', { name: 'Sign in' }).waitFor()).resolves.toBeUndefined();
    expect(consoleErrors).toEqual([]);
    expectNoPageErrors(page);
  });
});
