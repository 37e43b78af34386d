import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectAccessible,
  expectNoHorizontalScroll,
  expectNoPageErrors,
  expectPhoneMenuCurrent,
  launchBrowser,
  newContext,
  tenantUrl,
} from './support/browser';
import { writeOperatorSession, writeSession } from './support/sessions';

/**
 * Every list of the portal at 390 × 844 (issues 27 and 33): the responsive table's cards, no
 * sideways scroll, no cell or badge cut short, axe-clean on a light and a dark brand
 * (tests/e2e/fixtures/phone-tables.json), the customer's and the console's lists, the menu's
 * Vehicles and My visitors, a canceled pass that says so, and Enter in a select.
 */
const BRANDS = ['tablelight', 'tabledark'] as const;
const PHONE = { width: 390, height: 844 } as const;
const CUSTOMER_PASSWORD = 'Parking#2026';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A phone of its own for a test, 390 × 844, that fails on any page error or CSP violation. */
async function openPhone(): Promise<{ page: Page; close(): Promise<void> }> {
  const context = await newContext(browser, { phone: true });
  const page = await context.newPage();
  await page.setViewportSize(PHONE);
  return { page, close: () => context.close() };
}

/**
 * Every cell of every card fits its card, and no badge or cell anywhere on the page is cut short
 * ("ADMINIST…", "EXPIR…"): its text is as wide as its box or narrower.
 */
async function expectCellsInsideCards(page: Page) {
  const outside = await page.evaluate(() => [
    ...Array.from(document.querySelectorAll('.responsive-table__table tbody td')).flatMap((cell) => {
      const card = cell.closest('tr')?.getBoundingClientRect();
      const box = cell.getBoundingClientRect();
      return card && box.width > 0 && (box.right > card.right + 1 || cell.scrollWidth > cell.clientWidth + 1)
        ? [`cell: ${cell.textContent ?? ''}`]
        : [];
    }),
    ...Array.from(document.querySelectorAll('.mantine-Badge-root, .mantine-Badge-label, td, th')).flatMap(
      (element) =>
        element.getBoundingClientRect().width > 0 && element.scrollWidth > element.clientWidth + 1
          ? [`truncated: ${element.textContent ?? ''}`]
          : [],
    ),
  ]);
  expect(outside, page.url()).toEqual([]);
}

/** A list's screen, once its rows (or its empty text) have arrived. */
async function checkScreen(page: Page, subdomain: string, path: string) {
  await page.goto(tenantUrl(subdomain, path));
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await expectNoHorizontalScroll(page);
  await expectCellsInsideCards(page);
  await expectAccessible(page);
}

describe.each(BRANDS)('phone tables on %s', (subdomain) => {
  it("a customer's lists are cards that fit a 390 px phone, and a canceled visitor pass says Canceled", async () => {
    const { page, close } = await openPhone();
    try {
      await writeSession(page, subdomain, `resident@${subdomain}.example`, CUSTOMER_PASSWORD);
      for (const path of [
        // The notice search's results (tests/e2e/fixtures/phone-tables.json), a long code and a Paid chip.
        `/citations?plate=${subdomain === 'tablelight' ? 'TLT900' : 'TDK900'}`,
        '/permits/dashboard',
        '/permits/vehicles',
        '/permits/transactions',
        '/permits/visitors',
      ]) {
        await checkScreen(page, subdomain, path);
      }
      // The cards carry their column's label, and the chips their whole word.
      const plate = subdomain === 'tablelight' ? 'TLT200' : 'TDK200';
      const canceledCard = page.locator('.responsive-table__table tbody tr').filter({ hasText: plate });
      await expect(canceledCard.textContent()).resolves.toContain('Canceled');
      await expect(page.getByText('Expired', { exact: true }).first().isVisible()).resolves.toBe(true);
      expectNoPageErrors(page);
    } finally {
      await close();
    }
  });

  it('the phone menu lists Vehicles and My visitors; a visitor-only pass sits under My visitors', async () => {
    const { page, close } = await openPhone();
    try {
      await writeSession(page, subdomain, `resident@${subdomain}.example`, CUSTOMER_PASSWORD);
      await page.goto(tenantUrl(subdomain, '/permits/dashboard'));
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('dialog').getByRole('navigation', { name: 'Account menu' });
      await menu.getByRole('link', { name: 'Vehicles' }).waitFor();
      await menu.getByRole('link', { name: 'My visitors' }).click();
      await page.waitForURL(tenantUrl(subdomain, '/permits/visitors'));
      await expectPhoneMenuCurrent(page, 'My visitors');

      const visitorPass = await page.evaluate(async () => {
        const response = await fetch('/api/v1/portal/customer/visitors', {
          headers: { authorization: localStorage.getItem('jwt') ?? '' },
        });
        return ((await response.json()) as Array<{ uuid: string }>)[0]?.uuid;
      });
      await page.goto(tenantUrl(subdomain, `/permits/view/${visitorPass}`));
      await page.getByTestId('detail-status').waitFor();
      await expectPhoneMenuCurrent(page, 'My visitors');
      await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      expectNoPageErrors(page);
    } finally {
      await close();
    }
  });

  // Twelve console screens, each waited for and checked with axe: more than the default minute on a busy machine.
  it("the console's lists are cards that fit a 390 px phone", async () => {
    const { page, close } = await openPhone();
    try {
      await signInOperator(page, subdomain);
      const product = await page.evaluate(async () => {
        const response = await fetch('/api/v1/dashboard/products', {
          headers: { authorization: localStorage.getItem('operatorJwt') ?? '' },
        });
        return ((await response.json()) as { items: Array<{ uuid: string }> }).items[0]?.uuid;
      });
      // Every console table (issue 33: no "ADMINIST…", no clipped status badge).
      for (const path of [
        '/dashboard/passes',
        '/dashboard/customers',
        '/dashboard/products',
        '/dashboard/notices',
        '/dashboard/operators',
        '/dashboard/audit',
        '/dashboard/reports',
        '/dashboard/waitlists',
        '/dashboard/customers/signup-codes',
        '/dashboard/notices/codes',
        `/dashboard/plates/${subdomain === 'tablelight' ? 'TLT200' : 'TDK200'}`,
        `/dashboard/products/${product}/codes`,
      ]) {
        await checkScreen(page, subdomain, path);
      }
      expectNoPageErrors(page);
    } finally {
      await close();
    }
  }, 120_000);
});

/** Signs in the tenant's operator of the fixture. */
const signInOperator = (target: Page, subdomain: string) =>
  writeOperatorSession(target, subdomain, `ops@${subdomain}.example`);

describe('a select in a form', () => {
  it('Enter in a searchable select does not submit the form; Enter in a text field does', async () => {
    const { page, close } = await openPhone();
    try {
      await page.goto(tenantUrl('tablelight', '/privacy'));
      const product = await page.evaluate(async () => {
        const response = await fetch('/api/v1/portal/permit/products/subdomain/tablelight');
        const products = (await response.json()) as Array<{ uuid: string; name: string }>;
        return products.find((item) => item.name === 'Resident')?.uuid;
      });
      await page.goto(tenantUrl('tablelight', `/permit/${product}/guestcheckout`));
      const state = page.getByRole('combobox', { name: 'State / province' });
      await state.fill('Illi');
      await state.press('Enter');
      // Submitted, the empty form would mark its missing fields.
      await page.waitForLoadState('networkidle');
      await expect(page.locator('[aria-invalid="true"]').count()).resolves.toBe(0);
      await page.getByRole('textbox', { name: 'Model' }).press('Enter');
      await page.locator('[aria-invalid="true"]').first().waitFor();
      expectNoPageErrors(page);
    } finally {
      await close();
    }
  });
});
