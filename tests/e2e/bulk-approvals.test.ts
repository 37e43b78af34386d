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
 * The approvals queue cleared in one bulk call (issue 33): select the page, then all 30 matching,
 * approve with a message after a dialog that says how many passes it touches (the registrants'
 * emails and the audit entries are checked by decide-passes.api.test.ts). Tenants of
 * tests/e2e/fixtures/outcomes.json: a light brand on a phone by keyboard, a dark one on a desktop.
 */

let browser: Parameters<typeof newContext>[0];
openFreshPagePerTest((opened) => {
  ({ browser } = opened);
});

/** Signs in the tenant's operator of the fixture. */
const signInOperator = (target: Page, subdomain: string) =>
  writeOperatorSession(target, subdomain, `ops@${subdomain}.example`);

describe('bulk approval of the approvals queue', () => {
  for (const [subdomain, prefix, isPhone] of [
    ['outcomelight', 'BL', true],
    ['outcomedark', 'BD', false],
  ] as const) {
    it(`approves all 30 waiting passes in one call (${subdomain}, ${isPhone ? 'phone, keyboard' : 'desktop'})`, async () => {
      const context = await newContext(browser, { phone: isPhone });
      const page = await context.newPage();
      await signInOperator(page, subdomain);
      await page.goto(tenantUrl(subdomain, '/dashboard/passes?status=waiting'));
      await page.getByText('1–25 of 30', { exact: true }).waitFor();
      await expectAccessible(page);

      const bar = page.getByRole('region', { name: 'Bulk actions' });
      const selectPage = bar.getByRole('checkbox', { name: 'Select every row on this page' });
      if (isPhone) {
        await selectPage.focus();
        await page.keyboard.press('Space');
      } else {
        await selectPage.check();
      }
      await bar.getByText('25 selected', { exact: true }).waitFor();
      // Every row of the page is ticked (the 30 tie on their dates, so which 25 are shown varies).
      const rowBoxes = page.getByRole('checkbox', { name: new RegExp(`^Select ${prefix}-10\\d\\d$`) });
      await expect(rowBoxes.count()).resolves.toBe(25);
      for (const box of await rowBoxes.all()) await expect(box.isChecked()).resolves.toBe(true);
      const selectAll = bar.getByRole('button', { name: 'Select all 30 matching' });
      if (isPhone) {
        await selectAll.focus();
        await page.keyboard.press('Enter');
      } else {
        await selectAll.click();
      }
      await bar.getByText('30 selected', { exact: true }).waitFor();
      await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      await screenshot(page, `outcomes-bulk-selected-${subdomain}`);

      const approve = bar.getByRole('button', { name: 'Approve', exact: true });
      if (isPhone) {
        await approve.focus();
        await page.keyboard.press('Enter');
      } else {
        await approve.click();
      }
      const dialog = page.getByRole('dialog', { name: 'Approve 30 passes?' });
      await dialog.getByText(/^This approves 30 passes waiting for approval\./).waitFor();
      await dialog.getByLabel('Message to the registrants (optional)').fill('Welcome to the visitor lot.');
      await expectAccessible(page);
      await screenshot(page, `outcomes-bulk-dialog-${subdomain}`);
      await dialog.getByRole('button', { name: 'Approve 30' }).click();

      await page.getByTestId('bulk-outcome').getByText('30 changed.', { exact: true }).waitFor();
      await page.getByText('No passes are waiting for approval.').waitFor();
      await expectAccessible(page);
      await screenshot(page, `outcomes-bulk-done-${subdomain}`);
      expectNoPageErrors(page);

      await context.close();
    }, 240_000);
  }
});
