import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, expectNoPageErrors, openFreshPagePerTest, tenantUrl } from './support/browser';
import { writeSession } from './support/sessions';

let page: Page;

openFreshPagePerTest((opened) => {
  ({ page } = opened);
});

const TENANT = 'brightlot';
const EMAIL = 'business@brightlot.example';
const PASSWORD = 'Parking#2026';

describe('forms: one error per cause, cleared when the field changes', () => {
  it('never shows an earlier password error beside a new one', async () => {
    await writeSession(page, TENANT, EMAIL, PASSWORD);
    await page.goto(tenantUrl(TENANT, '/permits/account'));
    await page.getByRole('button', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog');
    const current = dialog.getByLabel('Current password');
    await current.fill('Wrong#Pass1');
    await dialog.getByLabel('New password', { exact: true }).fill('Edited#2026');
    await dialog.getByLabel('Repeat new password').fill('Edited#2026');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const wrongCurrent = dialog.getByText(
      'Your current password was enterred incorrectly. Please try again.',
    );
    await wrongCurrent.waitFor();
    await expect(wrongCurrent.count()).resolves.toBe(1);
    // On the field it is about, not also in a banner.
    await expect(dialog.getByRole('alert').count()).resolves.toBe(0);

    // A new cause replaces the old one: the mismatch alone is shown.
    await dialog.getByLabel('Repeat new password').fill('Edited#2027');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Your new passwords do not match.').waitFor();
    await expect(wrongCurrent.count()).resolves.toBe(0);
    await expect(dialog.getByRole('alert').count()).resolves.toBe(0);

    // Changing the field clears its error.
    await dialog.getByLabel('Repeat new password').fill('Edited#2026');
    await expect(dialog.getByText('Your new passwords do not match.').count()).resolves.toBe(0);

    // A weak password: the spec's sentence once, with one full stop.
    await dialog.getByLabel('New password', { exact: true }).fill('weak');
    await dialog.getByLabel('Repeat new password').fill('weak');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Your password needs to be stronger.', { exact: true }).waitFor();
    await expect(
      dialog.getByText('Your password needs to be stronger.', { exact: true }).count(),
    ).resolves.toBe(1);
    await expectAccessible(page);
    expectNoPageErrors(page);
  });

  it('reaches every password show/hide toggle with Tab', async () => {
    await page.goto(tenantUrl(TENANT, '/permits/login'));
    await page.getByLabel(/^Password( \*)?$/).focus();
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => ({
      label: document.activeElement?.getAttribute('aria-label'),
      pressed: document.activeElement?.getAttribute('aria-pressed'),
    }));
    expect(focused).toEqual({ label: 'Show password', pressed: 'false' });
    await page.keyboard.press('Enter');
    await expect(page.getByLabel(/^Password( \*)?$/).getAttribute('type')).resolves.toBe('text');

    await writeSession(page, TENANT, EMAIL, PASSWORD);
    await page.goto(tenantUrl(TENANT, '/permits/account'));
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('dialog').getByLabel('Current password').focus();
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe(
      'Show password',
    );
    expectNoPageErrors(page);
  });

  it('asks for a notice number on the appeal search and clears the banner on typing', async () => {
    await page.goto(tenantUrl(TENANT, '/noticeappeal'));
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('Enter the notice number printed on your notice.').waitFor();
    const field = page.getByLabel('Notice #');
    await field.fill('NOSUCH1');
    await expect(page.getByText('Enter the notice number printed on your notice.').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByTestId('appeal-search-error').waitFor();
    await field.fill('NOSUCH2');
    await page.getByTestId('appeal-search-error').waitFor({ state: 'detached' });
    expectNoPageErrors(page);
  });
});
