import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectAccessible,
  expectNoPageErrors,
  newContext,
  openFreshPagePerTest,
  tenantUrl,
} from './support/browser';
import { openEmail as openEmailOf } from './support/mailbox';
import { writeSession as writeSessionOf } from './support/sessions';

const TENANT = 'acctest';
const PASSWORD = 'Parking#2026';

let browser: Browser;
let context: BrowserContext;
let page: Page;

openFreshPagePerTest((opened) => {
  ({ browser, context, page } = opened);
});

const storedSession = (target: Page) =>
  target.evaluate(() =>
    Object.fromEntries(
      ['jwt', 'userUUID', 'customerPublicId', 'brandColor', 'fullname', 'entityUUID', 'orgUUID'].map(
        (key) => [key, localStorage.getItem(key)],
      ),
    ),
  );

/** The shared sign-in (tests/e2e/support/sessions.ts) on this file's tenant. */
const writeSession = (target: Page, email: string, password = PASSWORD) =>
  writeSessionOf(target, TENANT, email, password);

/** The file's tenant's mailbox (tests/e2e/support/mailbox.ts). */
const openEmail = (target: Page, to: string, subject: string) => openEmailOf(target, TENANT, to, subject);

async function signInThroughForm(target: Page, email: string, password: string) {
  await target.goto(tenantUrl(TENANT, '/permits/login'));
  await target.getByLabel('Email').fill(email);
  await target.getByLabel(/^Password( \*)?$/).fill(password);
  await target.getByRole('button', { name: 'Sign in' }).click();
}

describe('accounts', () => {
  it('signs up with a code, signs out, signs in, resets a forgotten password from the emailed link', async () => {
    const email = 'newcomer@acctest.example';
    await page.goto(tenantUrl(TENANT, '/permits/signup-code'));
    await page.getByRole('heading', { name: 'Sign up with code' }).waitFor();
    await expectAccessible(page);
    await page.getByLabel('Sign-up code').fill('e2e-used');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page
      .getByText(
        'This code has already been used to register. Please ask your parking administrator for assistance.',
      )
      .first()
      .waitFor();
    await page.getByLabel('Sign-up code').fill(' e2e-code1 ');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/permits\/signup\?code=E2E-CODE1$/);
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await expect(page.getByLabel('Sign-up code').inputValue()).resolves.toBe('E2E-CODE1');

    await page.getByLabel('Full name').fill('Nina Newcomer');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel(/^Password( \*)?$/).fill('weak');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Your password needs to be stronger.').waitFor();
    await page.getByLabel(/^Password( \*)?$/).fill('Newcomer#2026');
    await page.getByLabel('Unit').fill('5C');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/permits\/dashboard$/);
    await page.getByTestId('dashboard-greeting').getByText('Welcome, Nina Newcomer.').waitFor();
    const session = await storedSession(page);
    expect(session.jwt).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    expect(session).toMatchObject({ fullname: 'Nina Newcomer', brandColor: '2B6CB0' });
    expect(session.userUUID).toMatch(/^[0-9a-f-]{36}$/);
    expect(session.entityUUID).toMatch(/^[0-9a-f-]{36}$/);
    expect(session.customerPublicId).toMatch(/^\d+$/);
    await expectAccessible(page);

    // The code is spent: using it again is refused.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(/\/permits\/login$/);
    expect(Object.values(await storedSession(page)).every((value) => value === null)).toBe(true);
    await page.goto(tenantUrl(TENANT, '/permits/account'));
    await page.waitForURL(/\/permits\/login$/);

    await signInThroughForm(page, 'NEWCOMER@acctest.example', 'Wrong#Pass1');
    await page
      .getByTestId('login-error')
      .getByText('Username or password is incorrect. For more help contact admin@acctest.example.')
      .waitFor();
    await signInThroughForm(page, email, 'Newcomer#2026');
    await page.waitForURL(/\/permits\/dashboard$/);
    await page.goto(tenantUrl(TENANT, '/permits/login'));
    await page.waitForURL(/\/permits\/dashboard$/);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(/\/permits\/login$/);

    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { name: 'Find your account' }).waitFor();
    await page.getByLabel('Email').fill('nobody@acctest.example');
    await page.getByRole('button', { name: 'Send confirmation email' }).click();
    await page
      .getByTestId('reset-request-error')
      .getByRole('link', { name: 'create an account here' })
      .waitFor();
    await expectAccessible(page);
    await page.getByLabel('Email').fill(' Newcomer@ACCTEST.example ');
    await page.getByRole('button', { name: 'Send confirmation email' }).click();
    await page.getByTestId('reset-sent').waitFor();

    await openEmail(page, email, 'Reset your password');
    await page.getByRole('link', { name: /\/permits\/reset_password\// }).click();
    await page.waitForURL(/acctest\.localhost:\d+\/permits\/reset_password\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Reset password' }).waitFor();
    await expectAccessible(page);
    await page.getByLabel('New password', { exact: true }).fill('Renewed#2026');
    await page.getByLabel('Repeat new password').fill('Renewed#2027');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Your passwords do not match. Please try to set your passwords again.').waitFor();
    await page.getByLabel('Repeat new password').fill('Renewed#2026');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByTestId('reset-success').waitFor();
    const resetUrl = page.url();
    await page.getByRole('link', { name: 'Click here to go back to login.' }).click();
    await page.waitForURL(/\/permits\/login$/);

    await signInThroughForm(page, email, 'Newcomer#2026');
    await page.getByTestId('login-error').waitFor();
    await signInThroughForm(page, email, 'Renewed#2026');
    await page.waitForURL(/\/permits\/dashboard$/);

    // The link works once.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.goto(resetUrl);
    await page.getByLabel('New password', { exact: true }).fill('Another#2026');
    await page.getByLabel('Repeat new password').fill('Another#2026');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page
      .getByText(
        'Your password could not be reset because this link does not match the one emailed to your account.',
      )
      .waitFor();
    expectNoPageErrors(page);
  });

  it('edits every account item, one dialog at a time, and refreshes the guest code', async () => {
    await writeSession(page, 'editor@acctest.example');
    await page.goto(tenantUrl(TENANT, '/permits/account'));
    await page.getByRole('heading', { name: 'Account Information' }).waitFor();
    await page.getByRole('cell', { name: 'E2E-OLD' }).waitFor();
    await page.getByRole('cell', { name: 'Standard' }).waitFor();
    await page.getByRole('cell', { name: 'Tower B, 301' }).waitFor();
    await page.getByRole('heading', { name: 'Administrator contact' }).waitFor();
    await page.getByRole('link', { name: 'admin@acctest.example' }).waitFor();
    await page.getByRole('heading', { name: 'Payment Method' }).waitFor();
    await page.getByRole('button', { name: 'Manage payment method' }).waitFor();
    await expectAccessible(page);

    // Location, with the keyboard.
    await page.getByRole('button', { name: 'Edit location' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Building').fill('Tower C');
    await dialog.getByLabel('Unit').fill('1202');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: 'Tower C, 1202' }).waitFor();

    await page.getByRole('button', { name: 'Edit name' }).click();
    await expect(page.getByRole('dialog').count()).resolves.toBe(1);
    await dialog.getByLabel('Full name').fill('Edith Edited');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: 'Edith Edited' }).waitFor();

    await page.getByRole('button', { name: 'Edit email' }).click();
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('You must fill in a valid email.').waitFor();
    // Changing the address takes the current password.
    await dialog.getByLabel('Email').fill('edith@acctest.example');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Enter your current password to change your email.').waitFor();
    await dialog.getByLabel('Current password').fill('Wrong#Pass1');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Your current password was enterred incorrectly. Please try again.').waitFor();
    await dialog.getByLabel('Current password').fill(PASSWORD);
    await dialog.getByLabel('Email').fill('Business@acctest.example');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog
      .getByText(
        'This email address is already connected to another account in our system. Please choose another email or contact your parking administrator for help.',
      )
      .waitFor();
    await dialog.getByLabel('Email').fill('edith@acctest.example');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: 'edith@acctest.example' }).waitFor();
    // The change signed other sessions out; this one went on with the fresh token.
    await page.reload();
    await page.getByRole('cell', { name: 'edith@acctest.example' }).waitFor();

    await page.getByRole('button', { name: 'Change password' }).click();
    await dialog.getByLabel('Current password').fill('Wrong#Pass1');
    await dialog.getByLabel('New password', { exact: true }).fill('Edited#2026');
    await dialog.getByLabel('Repeat new password').fill('Edited#2027');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Your new passwords do not match.').waitFor();
    await dialog.getByLabel('Repeat new password').fill('Edited#2026');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Your current password was enterred incorrectly. Please try again.').waitFor();
    await dialog.getByLabel('Current password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Your password has been changed.').waitFor();
    // The session continues with the new token: a reload still shows the account.
    await page.reload();
    await page.getByRole('cell', { name: 'Edith Edited' }).waitFor();

    const before = await page.getByTestId('guest-code').textContent();
    expect(before).toBe('ACC7KQ');
    await page.getByRole('button', { name: 'Request new code' }).click();
    await page
      .getByTestId('guest-code-message')
      .getByText('You have been issued a guest code. This code will automatically update after each use.')
      .waitFor();
    await expect(page.getByTestId('guest-code').textContent()).resolves.toMatch(/^[A-Z2-9]{6}$/);
    expect(await page.getByTestId('guest-code').textContent()).not.toBe(before);

    // Escape closes a dialog.
    await page.getByRole('button', { name: 'Edit name' }).click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expectNoPageErrors(page);
  });

  it('shows a business account its badge and type', async () => {
    await writeSession(page, 'business@acctest.example');
    await page.goto(tenantUrl(TENANT, '/permits/account'));
    await page.getByRole('cell', { name: 'Business — Acme Fleet' }).waitFor();
    await expect(page.getByText('Business Account').count()).resolves.toBeGreaterThanOrEqual(1);
    // No guest codes for this account: no card.
    await expect(page.getByRole('heading', { name: 'Guest Code' }).count()).resolves.toBe(0);
    expectNoPageErrors(page);
  });

  it('works on a 375px screen', async () => {
    await context.close();
    context = await newContext(browser, { phone: true });
    page = await context.newPage();
    await page.goto(tenantUrl(TENANT, '/permits/login'));
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await expectAccessible(page);
    await writeSession(page, 'phone@acctest.example');
    await page.goto(tenantUrl(TENANT, '/permits/account'));
    await page.getByRole('cell', { name: 'Annex, 12' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The menu sits behind a menu button on phones.
    await page.getByRole('button', { name: 'Open menu' }).waitFor();
    await expectAccessible(page);
    expectNoPageErrors(page);
  });

  it('verifies the address from the link of the welcome email', async () => {
    const email = 'welcomed@acctest.example';
    await page.goto(tenantUrl(TENANT, '/permits/signup?code=E2E-CODE2'));
    await page.getByLabel('Full name').fill('Wes Welcome');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel(/^Password( \*)?$/).fill('Welcome#2026');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/permits\/dashboard$/);
    await openEmail(page, email, 'Welcome to Account Test Lots');
    await page.getByRole('link', { name: /\/permits\/verify_email\// }).click();
    await page.getByTestId('verify-result').getByText('Your email address is verified. Thank you!').waitFor();
    await expectAccessible(page);
    await page.reload();
    await page
      .getByTestId('verify-result')
      .getByText('This verification link is invalid or has expired.')
      .waitFor();
    expectNoPageErrors(page);
  });

  it('sends bare hosts away from the password screens', async () => {
    await page.goto(tenantUrl(null, '/permits/send_password_reset'));
    await page.waitForURL(/\/404$/);
  });
});
