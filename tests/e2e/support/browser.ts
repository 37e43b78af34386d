import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect, inject } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless Debian Chromium; the flags keep it off the (closed) network and working as root. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export const PHONE_VIEWPORT = { width: 375, height: 740 } as const;

/** A tenant's address on the test server: http://{subdomain}.localhost:{port}{path}. */
export function tenantUrl(subdomain: string | null, path = '/'): string {
  const host = subdomain ? `${subdomain}.localhost` : 'localhost';
  return `http://${host}:${inject('serverPort')}${path}`;
}

/** A fresh context that fails the test on any uncaught page error or CSP violation. */
export async function newContext(
  browser: Browser,
  options: { phone?: boolean } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext(
    options.phone ? { viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true } : {},
  );
  // Twice Playwright's 30 s: a wait fails on what never comes, not on a slow or shared machine.
  context.setDefaultTimeout(60_000);
  context.on('page', watchPage);
  // Not every violation reaches the console: an eval that a library probes for inside a try
  // (zod's) is refused silently, but the document still fires the event (and DevTools lists an
  // issue, which Lighthouse's best practices count).
  await context.exposeBinding('reportCspViolation', ({ page }, text: string) => {
    pageProblems.get(page)?.push(`CSP: ${text}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      report(
        `${event.violatedDirective} refused ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return context;
}

const pageProblems = new WeakMap<Page, string[]>();

function watchPage(page: Page) {
  const problems: string[] = [];
  pageProblems.set(page, problems);
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/.test(message.text())) {
      problems.push(`CSP: ${message.text()}`);
    }
  });
}

/** Asserts the page threw nothing and the Content-Security-Policy blocked nothing. */
export function expectNoPageErrors(page: Page) {
  expect(pageProblems.get(page) ?? []).toEqual([]);
}

/** Resolves once every finite animation and transition on the page (a dialog fading in) has ended. */
async function waitForAnimations(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * axe-core on the current page: no serious or critical violations. It runs once transitions have
 * ended, since a dialog half faded in has half its contrast.
 */
export async function expectAccessible(page: Page) {
  await waitForAnimations(page);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => `${node.target.join(' ')}: ${node.html}`).join(', ')})`,
    );
  expect(serious, `axe on ${page.url()}`).toEqual([]);
}

export interface OpenedPage {
  browser: Browser;
  context: BrowserContext;
  page: Page;
}

/**
 * One browser for the file and a fresh context and page for every test, handed to `receive`
 * before each test (the file keeps its own variables; the previous context is closed first).
 * `openPhonePage` swaps the test's context for a phone-sized one, handed to `receive` too.
 */
export function openFreshPagePerTest(receive: (opened: OpenedPage) => void) {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  const open = async (options: { phone?: boolean }) => {
    await context?.close();
    context = await newContext(browser!, options);
    const page = await context.newPage();
    receive({ browser: browser!, context, page });
    return page;
  };
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());
  beforeEach(async () => {
    await open({});
  });
  return { openPhonePage: () => open({ phone: true }) };
}

/** The page fits its window: nothing makes the page scroll sideways (a phone's worst layout fault). */
export async function expectNoHorizontalScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    window: window.innerWidth,
  }));
  expect(widths.page, `page width on ${page.url()}`).toBeLessThanOrEqual(widths.window);
}

/**
 * A full-page screenshot into SCREENSHOT_DIR when it is set (to look at a screen); nothing
 * otherwise, since a full-page capture costs a second of the suite each time.
 */
export async function screenshot(page: Page, name: string) {
  const folder = process.env.SCREENSHOT_DIR;
  if (folder) await page.screenshot({ path: `${folder}/${name}.png`, fullPage: true });
}

/**
 * Waits for the phone menu bar to name the page. The bar follows the route once
 * React has rendered it, which can be a frame after the URL changes.
 */
export async function expectPhoneMenuCurrent(page: Page, name: string) {
  await expect.poll(() => page.getByTestId('phone-menu-current').textContent()).toBe(name);
}
