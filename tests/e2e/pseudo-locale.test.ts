import { readdirSync, readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_NAV_ITEMS } from '../../src/web/features/console/nav-items';
import { launchBrowser, newContext, tenantUrl } from './support/browser';
import { writeOperatorSession, writeSession } from './support/sessions';

// The pseudo-locale check (issue 30, decision 228): every screen in en-XA, where every catalogue
// string reads ⟦…⟧. Text outside the marks that is not the tenant's or the person's own data is a
// literal a component wrote instead of reading the catalogue, and reads English in French too.
const PASSWORD = 'Parking#2026';
let browser: Browser;
let context: BrowserContext;
let page: Page;

/**
 * User data: every string value of the demo data (tenant titles, names, products, violation
 * descriptions, addresses...), which the screens show as entered. Anything else must be marked.
 */
const demoStrings = new Set<string>();
/** Spaces and the punctuation and symbols around a piece of text, as the screens' pieces are cut. */
const trimmed = (text: string) =>
  text.replace(/\s+/g, ' ').replace(/^[\s\p{P}\p{S}]+|[\s\p{P}\p{S}]+$/gu, '');
function collect(value: unknown) {
  if (typeof value === 'string') demoStrings.add(trimmed(value));
  else if (Array.isArray(value)) value.forEach(collect);
  else if (value && typeof value === 'object') Object.values(value).forEach(collect);
}
collect(JSON.parse(readFileSync('src/server/db/fixtures/demo-data.json', 'utf8')));
// The browser tests' server holds their fixtures too (an appeal's reason, a driver's name).
for (const file of readdirSync('tests/e2e/fixtures').filter((name) => name.endsWith('.json'))) {
  collect(JSON.parse(readFileSync(`tests/e2e/fixtures/${file}`, 'utf8')));
}

/**
 * What a screen shows of data rather than words, kept small: numbers, money and percentages;
 * plates and notice or account numbers (capitals and digits); emails and addresses of the web;
 * dates and times as formatDate writes them; the portal's version.
 */
const DATA_PATTERNS = [
  /^[\p{N}\p{P}\p{S}\s]*$/u,
  /^[A-Z0-9][A-Z0-9 -]{1,15}$/,
  /^\S+@\S+\.\S+$/,
  /^(https?:\/\/|\/)\S+$/,
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun)?,?\s*(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.? \d{1,2}(, \d{4})?(,? \d{1,2}:\d\d\s?[AP]M)?/,
  /^(\d{4} )?\d{1,2}:\d\d\s?[AP]M$/,
  /^v\d+\.\d+\.\d+$/,
];

/** Text on the page outside the catalogue's marks and outside [data-user-data], one per text node. */
async function unmarkedText(): Promise<string[]> {
  const pieces = await page.evaluate(() => {
    const SEPARATOR = '\u0001';
    const parts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !node.textContent?.trim()) continue;
      if (parent.closest('script, style, noscript, template, [data-user-data]')) continue;
      // Only what a person sees: laid out, and not hidden by a closed menu or drawer.
      if (parent.getClientRects().length === 0) continue;
      if (getComputedStyle(parent).visibility === 'hidden') continue;
      parts.push(node.textContent);
    }
    // Also the names a screen reader speaks and a pointer shows.
    for (const element of document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')) {
      if (element.closest('[data-user-data], [aria-hidden="true"]')) continue;
      if (element.getClientRects().length === 0) continue;
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = element.getAttribute(name);
        if (value?.trim()) parts.push(value);
      }
    }
    let text = parts.join(SEPARATOR);
    // A filled template is marked around its values: take out the innermost marks until none is left.
    for (let before = ''; before !== text; ) {
      before = text;
      text = text.replace(/⟦[^⟦⟧]*⟧/g, ' ');
    }
    return text.split(SEPARATOR);
  });
  const isData = (piece: string) =>
    !/\p{L}/u.test(piece) ||
    demoStrings.has(trimmed(piece)) ||
    DATA_PATTERNS.some((pattern) => pattern.test(piece.trim()));
  // Data joined by a screen ('TOYOTA · CAMRY', 'ABC1234 (NY)', 'Tower A, 1204', a checkout's line
  // 'Daily Visitor Pass #100004') is data, part by part.
  const isJoinedData = (piece: string) =>
    isData(piece) ||
    piece.split(/\s+[·—–]\s+|\s*[()]\s*|\s+(?=#\d)/).every(isData) ||
    piece.split(/\s+[·—–]\s+|\s*[()]\s*|,\s+/).every(isData);
  return [
    ...new Set(
      pieces
        .map((piece) => piece.replace(/\s+/g, ' ').trim())
        .filter((piece) => piece.length > 0 && !isJoinedData(piece)),
    ),
  ];
}

/** Visits each path once and gathers what is not marked, by path. */
async function visit(subdomain: string, paths: string[], ready: (path: string) => Promise<void>) {
  const found: Record<string, string[]> = {};
  for (const path of paths) {
    await page.goto(tenantUrl(subdomain, path));
    await ready(path);
    const text = await unmarkedText();
    if (text.length > 0) found[path] = text;
  }
  // The whole list in the output: an assertion's diff would cut it short.
  if (Object.keys(found).length > 0) console.error(`Unmarked text:\n${JSON.stringify(found, null, 1)}`);
  return found;
}

/** The page has rendered its content: a heading of the catalogue, and no loader left. */
async function settled() {
  await page.locator('h1').first().waitFor({ timeout: 20_000 });
  await page.waitForFunction(
    () => !document.querySelector('.mantine-Loader-root, [aria-busy="true"], .mantine-Skeleton-root'),
    undefined,
    { timeout: 20_000 },
  );
}

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser);
  // The pseudo-locale is taken only by a server running under NODE_ENV=test, as this one does.
  await context.addCookies(
    ['demo'].map((subdomain) => ({ name: 'lang', value: 'en-XA', url: tenantUrl(subdomain, '/') })),
  );
  page = await context.newPage();
});
afterAll(() => browser?.close());

describe('the pseudo-locale (en-XA): no literal text on any screen', () => {
  it('marks every word of the public pages', { timeout: 120_000 }, async () => {
    const found = await visit(
      'demo',
      [
        '/',
        '/citations?plate=ABC1234',
        '/noticeappeal',
        '/permits/choose',
        '/permits/login',
        '/permits/signup',
        '/permits/send_password_reset',
        '/privacy',
        '/terms',
      ],
      settled,
    );
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('en-XA');
    expect(found).toEqual({});
  });

  it("marks every word of a customer's screens", { timeout: 120_000 }, async () => {
    await writeSession(page, 'demo', 'dana@example.com', PASSWORD);
    const found = await visit(
      'demo',
      [
        '/permits/dashboard',
        '/permits/vehicles',
        '/permits/transactions',
        '/permits/account',
        '/permits/view',
      ],
      settled,
    );
    expect(found).toEqual({});
  });

  it("marks every word of the console's sections and the patrol app", { timeout: 180_000 }, async () => {
    await writeOperatorSession(page, 'demo', 'operator@demo.example', PASSWORD);
    const found = await visit('demo', [...CONSOLE_NAV_ITEMS.map((item) => item.path), '/patrol'], settled);
    expect(found).toEqual({});
  });
});
