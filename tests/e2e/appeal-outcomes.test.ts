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
 * An appeal approved to a reduced amount (issue 33): the operator chooses "reduce" in the answer
 * dialog by keyboard on a phone, and the driver's notice and appeal page say what is left to pay.
 * Tenants of tests/e2e/fixtures/outcomes.json: a light brand and a dark one.
 */

let browser: Parameters<typeof newContext>[0];
openFreshPagePerTest((opened) => {
  ({ browser } = opened);
});

/** Signs in the tenant's operator of the fixture. */
const signInOperator = (target: Page, subdomain: string) =>
  writeOperatorSession(target, subdomain, `ops@${subdomain}.example`);

describe('appeal outcomes', () => {
  for (const [subdomain, number] of [
    ['outcomelight', 'OL2001'],
    ['outcomedark', 'OD2001'],
  ] as const) {
    it(`approves an appeal reduced to $20.00 by keyboard on a phone, and the public notice says so (${subdomain})`, async () => {
      const context = await newContext(browser, { phone: true });
      const page = await context.newPage();
      await signInOperator(page, subdomain);
      await page.goto(tenantUrl(subdomain, '/dashboard/appeals'));
      const card = page.getByRole('listitem', { name: `Appeal of notice ${number}` });
      await card.getByText('Morgan Appellant', { exact: false }).waitFor();
      await expectAccessible(page);

      await page.getByRole('button', { name: `Approve ${number}` }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: `Answer appeal for notice ${number}` });
      const voidChoice = dialog.getByRole('radio', { name: 'Void the notice: nothing left to pay' });
      await voidChoice.waitFor();
      await expect(voidChoice.isChecked()).resolves.toBe(true);
      await voidChoice.focus();
      await page.keyboard.press('ArrowDown');
      const amount = dialog.getByRole('textbox', { name: 'New amount (dollars)' });
      await amount.waitFor();
      // The field says what the notice asks now: the figure the reduction must stay below.
      await dialog.getByText('Amount due now: $60.00', { exact: true }).waitFor();
      await expectAccessible(page);
      // No amount: the dialog says what it needs, and nothing is sent.
      await dialog.getByRole('button', { name: 'Approve and reduce' }).focus();
      await page.keyboard.press('Enter');
      await dialog.getByText('Enter the reduced amount, like 25.00.').waitFor();
      // An amount above what is due: the server's rule and sentence, checked by the field.
      await amount.fill('75');
      await amount.press('Enter');
      await dialog.getByText('The reduced amount must be less than the $60.00 due now.').waitFor();
      await amount.fill('20');
      await amount.press('Enter');
      // A decided appeal leaves the queue and is found among the decided ones, with its outcome.
      await card.waitFor({ state: 'detached' });
      await page.getByLabel('Show').selectOption('decided');
      await page.waitForURL(/\/dashboard\/appeals\?state=decided$/);
      await card.getByText('Approved · Reduced to $20.00', { exact: true }).waitFor();
      await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      await screenshot(page, `outcomes-queue-${subdomain}`);
      expectNoPageErrors(page);

      // The driver: the notice owes $20.00 and its history says why.
      await page.goto(tenantUrl(subdomain, `/citations?citationid=${number}`));
      await page.getByRole('link', { name: `Select ${number}` }).click();
      await page.waitForURL(/\/citations\/[0-9a-f-]{36}$/);
      await expect(page.getByTestId('headline-amount').textContent()).resolves.toContain('$20.00');
      await page.getByTestId('history').getByText('Appeal approved: amount reduced to $20.00').waitFor();
      await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      await screenshot(page, `outcomes-notice-${subdomain}`);

      // The appeal page: its banner and decision say the same, and offer to pay.
      await page.goto(page.url().replace('/citations/', '/noticeappeal/'));
      await page
        .getByTestId('appeal-banner')
        .getByText('Appeal approved: the amount is reduced to $20.00.', { exact: true })
        .waitFor();
      await page
        .getByTestId('appeal-next-step')
        .getByText('The amount to pay has been reduced to $20.00.')
        .waitFor();
      await page.getByTestId('appeal-decision').getByRole('link', { name: 'Pay the notice' }).waitFor();
      await expectAccessible(page);
      await screenshot(page, `outcomes-appeal-${subdomain}`);
      expectNoPageErrors(page);
      await context.close();
    }, 240_000);
  }
});
