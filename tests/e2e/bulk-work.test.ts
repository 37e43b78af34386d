import type { Page } from 'playwright-core';
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

/**
 * Bulk cancel on the passes list and bulk revoke on the access codes list (issue 33, decision 237),
 * the latter over the list's search (decision 245): select rows (or all N matching), a dialog that says how many rows the call touches, one call, a
 * result naming the rows that could not change, the list read again. The holders' emails and the
 * audit entries are checked by console-bulk.api.test.ts. Tenants of tests/e2e/fixtures/bulk-work.json:
 * a light brand on a phone by keyboard only, a dark one on a desktop with the mouse.
 */

let browser: Parameters<typeof newContext>[0];
openFreshPagePerTest((opened) => {
  ({ browser } = opened);
});

/** Presses a control as the test's operator does: by keyboard (focus, then a key) or a click. */
const press = async (control: ReturnType<Page['getByRole']>, useKeyboard: boolean, key = 'Enter') => {
  if (useKeyboard) {
    await control.focus();
    await control.press(key);
  } else {
    await control.click();
  }
};

describe('bulk work on the console lists', () => {
  for (const [subdomain, tag, isPhone] of [
    ['bulklight', 'L', true],
    ['bulkdark', 'D', false],
  ] as const) {
    const how = isPhone ? 'phone, keyboard only' : 'desktop';

    it(`cancels passes in one call and names the one already canceled (${subdomain}, ${how})`, async () => {
      const context = await newContext(browser, { phone: isPhone });
      const page = await context.newPage();
      await writeOperatorSession(page, subdomain, `ops@${subdomain}.example`);
      await page.goto(tenantUrl(subdomain, `/dashboard/passes?q=BC${tag}-`));
      await page.getByText('1–5 of 5', { exact: true }).waitFor();

      const bar = page.getByRole('region', { name: 'Bulk actions' });
      await press(bar.getByRole('checkbox', { name: 'Select every row on this page' }), isPhone, 'Space');
      await bar.getByText('5 selected', { exact: true }).waitFor();
      await expect(page.getByRole('checkbox', { name: `Select BC${tag}-3005` }).isChecked()).resolves.toBe(
        true,
      );
      await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      await screenshot(page, `bulk-cancel-selected-${subdomain}`);

      await press(bar.getByRole('button', { name: 'Cancel passes' }), isPhone);
      const dialog = page.getByRole('dialog', { name: 'Cancel 5 passes?' });
      await dialog.getByText(/^This cancels 5 passes without a refund/).waitFor();
      await expectAccessible(page);
      await screenshot(page, `bulk-cancel-dialog-${subdomain}`);
      await press(dialog.getByRole('button', { name: 'Cancel 5' }), isPhone);

      const outcome = page.getByTestId('bulk-outcome');
      await outcome.getByText('4 changed; 1 could not be changed:', { exact: true }).waitFor();
      await outcome.getByText(`BC${tag}-3005: This pass is already canceled.`, { exact: true }).waitFor();
      await dialog.waitFor({ state: 'detached' });
      // The list is read again: every pass of the search is canceled, and nothing stays selected.
      const rows = page.locator('tbody');
      await expect.poll(() => rows.getByText('Canceled', { exact: true }).count()).toBe(5);
      await bar.getByText('0 selected', { exact: true }).waitFor();
      await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      await screenshot(page, `bulk-cancel-done-${subdomain}`);
      expectNoPageErrors(page);
      await context.close();
    }, 240_000);

    it(`revokes every unused access code of a product in one call (${subdomain}, ${how})`, async () => {
      const context = await newContext(browser, { phone: isPhone });
      const page = await context.newPage();
      await writeOperatorSession(page, subdomain, `ops@${subdomain}.example`);
      await page.goto(tenantUrl(subdomain, '/dashboard/products'));
      const productName = subdomain === 'bulklight' ? 'Bulk Sunny Visitor Codes' : 'Bulk Night Visitor Codes';
      await press(page.getByRole('link', { name: `Access codes: ${productName}` }), isPhone);
      await page.getByText('60 unused · 0 used · 0 revoked').waitFor();

      // One code revoked on its own first: it is no longer a row to select.
      await press(page.getByRole('button', { name: `Revoke ${tag}C-060` }), isPhone);
      const single = page.getByRole('dialog', { name: `Revoke ${tag}C-060?` });
      await press(single.getByRole('button', { name: 'Revoke', exact: true }), isPhone);
      await page.getByText('59 unused · 0 used · 1 revoked').waitFor();

      // The search narrows the list (by the start of a code, in any case) and stays in the address.
      const search = page.getByRole('textbox', { name: 'Search by code, pass number, plate or holder' });
      const lowerTag = tag.toLowerCase();
      await search.fill(`${lowerTag}c-05`);
      await search.press('Enter');
      await page.getByText('1–10 of 10', { exact: true }).waitFor();
      await page.getByText('10 unused · 0 used · 0 revoked').waitFor();
      expect(new URL(page.url()).searchParams.get('q')).toBe(`${lowerTag}c-05`);
      await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      await screenshot(page, `access-codes-search-${subdomain}`);
      // A search over more than a page: "all N matching" is every unused code it finds.
      await search.fill(`${tag}C-0`);
      await search.press('Enter');
      await page.getByText('1–50 of 60', { exact: true }).waitFor();

      const bar = page.getByRole('region', { name: 'Bulk actions' });
      await press(bar.getByRole('checkbox', { name: 'Select every row on this page' }), isPhone, 'Space');
      await bar.getByText('49 selected', { exact: true }).waitFor();
      await press(bar.getByRole('button', { name: 'Select all 59 matching' }), isPhone);
      await bar.getByText('59 selected', { exact: true }).waitFor();
      await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      await screenshot(page, `bulk-revoke-selected-${subdomain}`);

      await press(bar.getByRole('button', { name: 'Revoke', exact: true }), isPhone);
      const dialog = page.getByRole('dialog', { name: 'Revoke 59 access codes?' });
      await dialog.getByText(/^This revokes 59 access codes/).waitFor();
      await expectAccessible(page);
      await screenshot(page, `bulk-revoke-dialog-${subdomain}`);
      await press(dialog.getByRole('button', { name: 'Revoke 59' }), isPhone);

      await page.getByTestId('bulk-outcome').getByText('59 changed.', { exact: true }).waitFor();
      await page.getByText('0 unused · 0 used · 60 revoked').waitFor();
      // Nothing is left to select, so the bar is gone (the page was checked with axe above).
      await expect(bar.count()).resolves.toBe(0);
      await expectNoHorizontalScroll(page);
      await screenshot(page, `bulk-revoke-done-${subdomain}`);
      expectNoPageErrors(page);
      await context.close();
      // A phone page of 50 code cards, checked with axe twice, on a machine shared by several runs.
    }, 420_000);
  }
});
