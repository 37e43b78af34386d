import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  expectAccessible,
  expectNoPageErrors,
  launchBrowser,
  newContext,
  tenantUrl,
} from './support/browser';

// Three languages (issue 30): pages in French and Spanish at 390 px, hydrated in the language the
// server rendered, the choice remembered, money and dates written for the language.
let browser: Browser;
let context: BrowserContext;
let page: Page;
const consoleErrors: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());
beforeEach(async () => {
  await context?.close();
  context = await newContext(browser);
  page = await context.newPage();
  await page.setViewportSize({ width: 390, height: 800 });
  consoleErrors.length = 0;
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
});

/** Waits until React owns <main> (the page is hydrated or rendered). */
async function appReady() {
  await page.waitForFunction(() => {
    const main = document.querySelector('main');
    return main !== null && Object.keys(main).some((key) => key.startsWith('__reactFiber'));
  });
}

/** Buttons, links, inputs and table cells whose text is wider than they are (longer French). */
async function overflowingText(): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('button, a, label, th, td, select, [role="tab"]')]
      .filter((element) => {
        const box = element as HTMLElement;
        if (box.offsetParent === null) return false;
        const style = getComputedStyle(box);
        if (style.overflowX === 'auto' || style.overflowX === 'scroll') return false;
        return box.scrollWidth > box.clientWidth + 1;
      })
      .map((element) => (element as HTMLElement).outerHTML.slice(0, 160)),
  );
}

/** The page is in `lang`, fits a 390 px phone, and passes axe. */
async function expectWholeInLanguage(lang: string) {
  await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe(lang);
  await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
  await expect(overflowingText()).resolves.toEqual([]);
  await expectAccessible(page);
  expect(consoleErrors).toEqual([]);
  expectNoPageErrors(page);
}

describe('French (fr-CA) at 390 px', () => {
  it('opens the landing page in French with ?lang=fr, hydrated in French, and remembers it', {
    timeout: 180_000,
  }, async () => {
    await page.goto(tenantUrl('demo', '/?lang=fr'));
    await appReady();
    await page.getByRole('heading', { name: 'Payer ou contester un avis de stationnement' }).waitFor();
    await expect(page.locator('main').textContent()).resolves.toContain(
      'Payer ou contester un avis de stationnement',
    );
    await expect(page.getByRole('combobox', { name: 'Langue' }).inputValue()).resolves.toBe('fr');
    await expectWholeInLanguage('fr');
    // The cookie keeps French on the next page, without ?lang.
    await page.goto(tenantUrl('demo', '/permits/choose'));
    await appReady();
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('fr');
    await expect(page.locator('main').textContent()).resolves.toContain('Choisir un permis');
    await expectWholeInLanguage('fr');
  });

  it('looks a notice up and shows its amounts and dates as French writes them', {
    timeout: 180_000,
  }, async () => {
    await page.goto(tenantUrl('demo', '/citations?plate=ABC1234&lang=fr'));
    await appReady();
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).toContain('Total à payer');
    // 1 234,50 $ with no-break spaces, and fr-CA dates (2026-11-05).
    expect(text).toMatch(/\d+,\d\d\u00a0\$/);
    expect(text).toMatch(/\d{4}-\d\d-\d\d/);
    await expectWholeInLanguage('fr');
    await page
      .getByRole('link', { name: /D001002/ })
      .first()
      .click();
    await page.waitForURL(/\/citations\/[0-9a-f-]+/);
    await page.getByText('Montant dû').first().waitFor();
    await expectWholeInLanguage('fr');
  });

  it('opens the appeal search in French', async () => {
    await page.goto(tenantUrl('demo', '/noticeappeal?lang=fr'));
    // The page's chunk loads after the frame ('Chargement…'): wait for its heading.
    await page.getByText('Contestation d’un avis de stationnement').first().waitFor();
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await page.getByText('Entrez le numéro imprimé sur votre avis.').waitFor();
    await expectWholeInLanguage('fr');
  });
});

describe('Spanish at 390 px', () => {
  it('switches from the language menu, which the next pages keep', { timeout: 180_000 }, async () => {
    await page.goto(tenantUrl('demo', '/'));
    await appReady();
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('en');
    await Promise.all([
      page.waitForURL(tenantUrl('demo', '/')),
      page.waitForEvent('load'),
      page.getByRole('combobox', { name: 'Language' }).selectOption('es'),
    ]);
    await appReady();
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('es');
    await expect(page.locator('main').textContent()).resolves.toContain(
      'Pague o apele un aviso de estacionamiento',
    );
    await expectWholeInLanguage('es');
    await page.goto(tenantUrl('demo', '/permits/choose'));
    await appReady();
    await expect(page.locator('main').textContent()).resolves.toContain('Elija un permiso');
    await expectWholeInLanguage('es');
  });

  it('answers in the browser language when the visitor chose none', async () => {
    const spanishBrowser = await browser.newContext({
      locale: 'es-MX',
      viewport: { width: 390, height: 800 },
    });
    try {
      const spanish = await spanishBrowser.newPage();
      await spanish.goto(tenantUrl('demo', '/citations?plate=ABC1234'));
      await expect(spanish.evaluate(() => document.documentElement.lang)).resolves.toBe('es');
      await expect(spanish.locator('main').textContent()).resolves.toContain('Total a pagar');
    } finally {
      await spanishBrowser.close();
    }
  });
});
