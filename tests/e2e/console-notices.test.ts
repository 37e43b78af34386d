import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectAccessible,
  expectNoHorizontalScroll,
  expectNoPageErrors,
  newContext,
  openFreshPagePerTest,
  screenshot,
  tenantUrl,
} from './support/browser';
import { writeOperatorSession } from './support/sessions';

// Two tenants of tests/e2e/fixtures/console-notices.json: a light brand colour and a dark one.
const LIGHT = 'noticelight';
const DARK = 'noticedark';

let browser: Browser;
let page: Page;

openFreshPagePerTest((opened) => {
  ({ browser, page } = opened);
});

async function chooseCsv(target: Page, csv: string) {
  await target.locator('input[type=file]').setInputFiles({
    name: 'notices.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
}

const HEADER = 'citationNumber,plate,stateProv,createdOn,violationCode,amount,location';

/** Signs in the tenant's admin of the fixture. */
const signInOperator = (target: Page, subdomain: string) =>
  writeOperatorSession(target, subdomain, `admin@${subdomain}.example`);

describe('console notices', () => {
  it('imports a CSV (a bad row first imports nothing) and the public lookup finds the notice', async () => {
    await signInOperator(page, LIGHT);
    await page.goto(tenantUrl(LIGHT, '/dashboard/notices'));
    await page.getByRole('heading', { name: 'Notices', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'CON100' }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'notices-light-desktop');

    await page.getByRole('link', { name: 'Import CSV' }).click();
    await page.getByRole('heading', { name: 'Import notices from CSV' }).waitFor();
    await expectAccessible(page);

    await chooseCsv(
      page,
      `${HEADER}\nIMPORT-1,IMP 001,NY,2026-11-15 09:30,EXPIRED METER,,Lot C\nIMPORT-2,,NY,2026-11-15,NO SUCH CODE,,Lot C\n`,
    );
    await page.getByRole('heading', { name: /2 problems: nothing will be imported/ }).waitFor();
    // A short summary on screen, every problem in a file, and the valid rows may go alone.
    await page
      .getByRole('listitem')
      .filter({ hasText: "no violation code is named 'NO SUCH CODE'" })
      .waitFor();
    await page.getByRole('button', { name: 'Download the problems (CSV)' }).waitFor();
    await page.getByRole('button', { name: 'Import only the valid rows (1)' }).waitFor();
    expect(await page.getByRole('button', { name: /^Import \d+ notices$/ }).count()).toBe(0);
    await expectAccessible(page);
    await screenshot(page, 'import-problems-light-desktop');

    await chooseCsv(
      page,
      `${HEADER}\nIMPORT-1,IMP 001,NY,2026-11-15 09:30,EXPIRED METER,,Lot C\nIMPORT-2,IMP002,NY,2026-11-16,NO PERMIT,60.00,Lot D\n`,
    );
    await page.getByRole('heading', { name: '2 notices ready to import' }).waitFor();
    await page.getByRole('button', { name: 'Import 2 notices' }).click();
    await page.getByText('2 notices imported.').waitFor();
    await screenshot(page, 'import-done-light-desktop');

    await page.goto(tenantUrl(LIGHT, '/'));
    await page.getByLabel('Notice # OR License plate').fill('imp001');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/\/citations\?plate=IMP001$/);
    await page.getByRole('link', { name: 'Select IMPORT-1' }).waitFor();
    expectNoPageErrors(page);
  });

  it('writes a notice and voids it, by keyboard', async () => {
    await signInOperator(page, LIGHT);
    await page.goto(tenantUrl(LIGHT, '/dashboard/notices/new'));
    await page.getByRole('heading', { name: 'New notice' }).waitFor();
    await page.getByLabel('License plate').fill('kbd 42');
    await page.getByLabel('Violation code').selectOption({ label: 'EXPIRED METER · $45.00' });
    await page.getByLabel('Location').fill('Lot K');
    await expectAccessible(page);
    await page.getByLabel('Location').press('Enter');
    await page.getByText(/^Notice E\d+ written\.$/).waitFor();
    await page.getByRole('heading', { name: /^Notice E\d+$/ }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'notice-detail-light-desktop');

    const voidButton = page.getByRole('button', { name: 'Void notice' });
    await voidButton.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await page.keyboard.type('Written in error');
    await expectAccessible(page);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('This notice is void: its amount can no longer change.').waitFor();
    await page.getByText(/notice\.void · admin@noticelight\.example/).waitFor();

    // The list finds it by the start of its plate and shows it void.
    await page.goto(tenantUrl(LIGHT, '/dashboard/notices?q=KBD'));
    await page.getByRole('cell', { name: 'Void' }).waitFor();
    // Sorting is a keyboard-operable header button.
    await page.getByRole('button', { name: 'Sort by Amount' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/sort=amount/);
    expectNoPageErrors(page);
  });

  it('works on a phone with a dark brand: list, detail, codes, customers, each axe-clean', async () => {
    const phone = await newContext(browser, { phone: true });
    const target = await phone.newPage();
    await signInOperator(target, DARK);
    for (const [path, heading, name] of [
      ['/dashboard/notices', 'Notices', 'notices'],
      ['/dashboard/notices/codes', 'Violation codes', 'codes'],
      ['/dashboard/notices/new', 'New notice', 'new-notice'],
      ['/dashboard/notices/import', 'Import notices from CSV', 'import'],
      ['/dashboard/customers', 'Customers', 'customers'],
      ['/dashboard/customers/signup-codes', 'Sign-up codes', 'signup-codes'],
    ] as const) {
      await target.goto(tenantUrl(DARK, path));
      await target.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await target.waitForLoadState('networkidle');
      await expectAccessible(target);
      await expectNoHorizontalScroll(target);
      await screenshot(target, `${name}-dark-phone`);
    }
    // The empty state of a search that matches nothing.
    await target.goto(tenantUrl(DARK, '/dashboard/notices?q=NOTHING'));
    await target.getByText('No notices match.', { exact: false }).waitFor();
    await expectAccessible(target);

    await target.goto(tenantUrl(DARK, '/dashboard/customers'));
    await target.getByRole('link', { name: 'Dana Driver' }).click();
    await target.getByRole('heading', { name: 'Dana Driver' }).waitFor();
    // A controlled switch: it turns on once the server has answered.
    await target.getByRole('switch', { name: 'Guest codes on' }).click();
    await target.getByText(/^Current guest code: [A-Z2-9]{6}$/).waitFor();
    await expectAccessible(target);
    await expectNoHorizontalScroll(target);
    await screenshot(target, 'customer-dark-phone');

    await target.goto(tenantUrl(DARK, '/dashboard/notices'));
    await target.getByRole('link', { name: 'CON100' }).click();
    await target.getByRole('heading', { name: 'Notice CON100' }).waitFor();
    await expectAccessible(target);
    await expectNoHorizontalScroll(target);
    await screenshot(target, 'notice-detail-dark-phone');
    expectNoPageErrors(target);
    await phone.close();
  });

  it('keeps the console out of reach without a session', async () => {
    await page.goto(tenantUrl(LIGHT, '/dashboard/notices'));
    await page.waitForURL(/\/dashboard\/login$/);
  });
});
