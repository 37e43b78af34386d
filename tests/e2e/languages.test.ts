import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  expectAccessible,
  expectNoPageErrors,
  launchBrowser,
  newContext,
  screenshot,
  tenantUrl,
} from './support/browser';
import { writeOperatorSession, writeSession } from './support/sessions';

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
    await screenshot(page, 'fr-landing');
    // The cookie keeps French on the next page, without ?lang.
    await page.goto(tenantUrl('demo', '/permits/choose'));
    await appReady();
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('fr');
    await expect(page.locator('main').textContent()).resolves.toContain('Choisir un permis');
    await expectWholeInLanguage('fr');
    await screenshot(page, 'fr-choose-pass');
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
    await screenshot(page, 'fr-notice-lookup');
    await page
      .getByRole('link', { name: /D001002/ })
      .first()
      .click();
    await page.waitForURL(/\/citations\/[0-9a-f-]+/);
    await page.getByText('Montant dû').first().waitFor();
    await expectWholeInLanguage('fr');
    await screenshot(page, 'fr-notice');
  });

  it('opens the appeal search in French', async () => {
    await page.goto(tenantUrl('demo', '/noticeappeal?lang=fr'));
    // The page's chunk loads after the frame ('Chargement…'): wait for its heading.
    await page.getByText('Contestation d’un avis de stationnement').first().waitFor();
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await page.getByText('Entrez le numéro imprimé sur votre avis.').waitFor();
    await expectWholeInLanguage('fr');
    await screenshot(page, 'fr-appeal');
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
    await screenshot(page, 'es-landing');
    await page.goto(tenantUrl('demo', '/permits/choose'));
    await appReady();
    await expect(page.locator('main').textContent()).resolves.toContain('Elija un permiso');
    await expectWholeInLanguage('es');
    await screenshot(page, 'es-choose-pass');
  });

  it('looks a notice up and opens the appeal search in Spanish', { timeout: 180_000 }, async () => {
    await page.goto(tenantUrl('demo', '/citations?plate=ABC1234&lang=es'));
    await appReady();
    await expect(page.locator('main').textContent()).resolves.toContain('Total a pagar');
    await expectWholeInLanguage('es');
    await screenshot(page, 'es-notice-lookup');
    await page.goto(tenantUrl('demo', '/noticeappeal?lang=es'));
    await page.getByText('Apelación de un aviso de estacionamiento').first().waitFor();
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.getByText('Ingrese el número impreso en su aviso.').waitFor();
    await expectWholeInLanguage('es');
    await screenshot(page, 'es-appeal');
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

// Paying, getting a pass, the dashboard and the console in French and Spanish (issue 30). They write
// only to `langtest` (tests/e2e/fixtures/languages.json), whose notice is $1,234.50.
const LANGTEST_NOTICE = '5a1e0000-0000-4000-8000-000000000401';
/** 1 234,50 $ as fr-CA writes it: a no-break (or narrow no-break) space between thousands, and before $. */
const FRENCH_1234_50 = /1[\u00a0\u202f ]234,50\u00a0\$/;

describe('paying, a pass, the dashboard and the console in French and Spanish', () => {
  it('pays a notice in French through the sandbox checkout', { timeout: 180_000 }, async () => {
    await page.goto(tenantUrl('langtest', `/citations/${LANGTEST_NOTICE}?lang=fr`));
    await appReady();
    await page.getByText('Montant dû').first().waitFor();
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).toMatch(FRENCH_1234_50);
    // Issued 2026-11-05 at 14:05 in Toronto, as French Canada writes it; the status in French.
    expect(text).toContain('5 nov. 2026, 14 h 05');
    expect(text).toContain('Impayé');
    await expectWholeInLanguage('fr');
    await screenshot(page, 'fr-notice-to-pay');
    await page.getByRole('button', { name: 'Payer', exact: true }).click();
    await page.waitForURL(/\/sandbox\/checkout\/sbx_cs_[0-9a-f]{24}$/);
    await page.getByRole('heading', { name: 'Paiement de test' }).waitFor();
    await page.getByLabel('Numéro de carte').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiration (MM/AA)').fill('12/30');
    await page.getByLabel('CVC').fill('123');
    const pay = page.getByRole('button', { name: /^Payer / });
    await expect(pay.textContent()).resolves.toMatch(FRENCH_1234_50);
    await screenshot(page, 'fr-checkout');
    await pay.click();
    await page.waitForURL(tenantUrl('langtest', `/citations/${LANGTEST_NOTICE}?checkout=success`));
    await expect(page.getByTestId('citation-banner').textContent()).resolves.toBe('Paiement réussi.');
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('fr');
  });

  it('gets a pass in Spanish, through the sandbox checkout', { timeout: 180_000 }, async () => {
    await page.goto(tenantUrl('langtest', '/permits/choose?lang=es'));
    await appReady();
    const card = page.getByRole('article', { name: 'Pase Langtest' });
    await expect(card.getByTestId('product-price').textContent()).resolves.toBe('$12.00');
    await expect(page.locator('main').textContent()).resolves.toContain('Elija un permiso');
    await expectWholeInLanguage('es');
    await card.getByRole('button').first().click();
    await page.waitForURL(/\/permit\/[0-9a-f-]{36}\/guestcheckout$/);
    await page.getByRole('heading', { name: 'Registre su permiso' }).waitFor();
    await page.getByLabel('Nombre completo').fill('Gabriela Guía');
    await page.getByLabel('Correo electrónico', { exact: false }).first().fill('gabriela@langtest.example');
    await page.getByLabel('Placa').fill('gab 42');
    await page.getByLabel('Modelo').fill('versa');
    await expectWholeInLanguage('es');
    await screenshot(page, 'es-pass-form');
    await page.getByRole('button', { name: 'Continuar al pago' }).click();
    await page.waitForURL(/\/sandbox\/checkout\/sbx_cs_[0-9a-f]{24}$/);
    await page.getByRole('heading', { name: 'Pago de prueba' }).waitFor();
    await page.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
    await page.getByLabel(/^Vencimiento/).fill('12/30');
    await page.getByLabel('CVC').fill('123');
    await screenshot(page, 'es-checkout');
    await page.getByRole('button', { name: 'Pagar $12.00' }).click();
    await page.waitForURL(/\/permits\/apply\/[0-9a-f-]{36}\/success\?checkout=success$/);
    await page.getByRole('heading', { name: '¡Su permiso fue emitido!' }).waitFor();
    await expectWholeInLanguage('es');
    await screenshot(page, 'es-pass-issued');
  });

  it("shows a customer's dashboard in Spanish", { timeout: 120_000 }, async () => {
    await writeSession(page, 'langtest', 'lucia@langtest.example', 'Parking#2026');
    await page.goto(tenantUrl('langtest', '/permits/dashboard?lang=es'));
    await appReady();
    await page
      .getByRole('heading', { name: /Permisos|Sus permisos/ })
      .first()
      .waitFor();
    await expectWholeInLanguage('es');
    await screenshot(page, 'es-dashboard');
  });

  it("shows a customer's dashboard in French", { timeout: 120_000 }, async () => {
    await writeSession(page, 'langtest', 'lucia@langtest.example', 'Parking#2026');
    await page.goto(tenantUrl('langtest', '/permits/dashboard?lang=fr'));
    await appReady();
    await page
      .getByRole('heading', { name: /Permis|Vos permis/ })
      .first()
      .waitFor();
    await expectWholeInLanguage('fr');
    await screenshot(page, 'fr-dashboard');
  });

  it('opens the console in French once the operator chooses it, with French money and dates', {
    timeout: 180_000,
  }, async () => {
    await writeOperatorSession(page, 'langtest', 'ops@langtest.example', 'Parking#2026');
    await page.goto(tenantUrl('langtest', '/dashboard'));
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    // The account menu: the operator's own language, saved on the account.
    // (At 390 px the name gives way to the role badge: the button is found by its place.)
    await page.locator('.console__who').click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('menuitem', { name: 'Français' }).click()]);
    await page.getByRole('heading', { name: 'Vue d’ensemble' }).waitFor();
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('fr');
    const saved = await page.evaluate(async () => {
      const response = await fetch('/api/v1/dashboard/me', {
        headers: { authorization: localStorage.getItem('operatorJwt') ?? '' },
      });
      return (await response.json()).language;
    });
    expect(saved).toBe('fr');
    await expectWholeInLanguage('fr');
    await screenshot(page, 'fr-console-overview');
    await page.goto(tenantUrl('langtest', '/dashboard/notices'));
    await page.getByRole('heading', { name: 'Avis' }).first().waitFor();
    const row = page.getByRole('row').filter({ hasText: 'LT0401' });
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    expect(text).toMatch(FRENCH_1234_50);
    // The date and time as French Canada writes them, and the status paid above, in French.
    expect(text).toContain('5 nov. 2026, 14 h 05');
    expect(text).toContain('Payé');
    await expectWholeInLanguage('fr');
    await screenshot(page, 'fr-console-notices');
  });

  it('shows the console in Spanish once the operator chooses it', { timeout: 180_000 }, async () => {
    await writeOperatorSession(page, 'langtest', 'ops@langtest.example', 'Parking#2026');
    await page.goto(tenantUrl('langtest', '/dashboard'));
    await page.locator('.console__who').waitFor();
    await page.locator('.console__who').click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('menuitem', { name: 'Español' }).click()]);
    await page.getByRole('heading', { name: 'Resumen' }).waitFor();
    await expectWholeInLanguage('es');
    await screenshot(page, 'es-console-overview');
  });
});
