import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectAccessible,
  expectNoPageErrors,
  newContext,
  openFreshPagePerTest,
  screenshot,
  tenantUrl,
} from './support/browser';
import { openEmail } from './support/mailbox';

/** Two tenants of tests/e2e/fixtures/console-core.json: a light (yellow) brand and a dark one. */
const LIGHT = 'corelight';
const DARK = 'coredark';
const PASSWORD = 'Operator#2026';

let browser: Browser;
let context: BrowserContext;
let page: Page;

openFreshPagePerTest((opened) => {
  ({ browser, context, page } = opened);
});

/** Opens a console page signed out, is sent to sign-in, signs in and comes back to it. */
async function signIn(target: Page, tenant: string, email: string, path = '/dashboard', password = PASSWORD) {
  await target.goto(tenantUrl(tenant, path));
  await target.waitForURL(/\/dashboard\/login$/);
  await target.getByLabel('Email').fill(email);
  await target.getByRole('textbox', { name: 'Password' }).fill(password);
  await target.getByRole('button', { name: 'Sign in' }).click();
  await target.waitForURL((url) => url.pathname === path);
}

/** The portal's header background as the browser paints it, as 'rgb(r, g, b)'. */
function headerColor(target: Page) {
  return target.locator('.brand-header').evaluate((element) => getComputedStyle(element).backgroundColor);
}

describe('the console frame and overview', () => {
  it('signs in to the overview, marks the current section, and is keyboard-usable on a light brand', async () => {
    await signIn(page, LIGHT, 'admin@corelight.example');
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    await page.getByRole('heading', { name: 'Notices issued today' }).waitFor();
    const menu = page.getByRole('navigation', { name: 'Console' });
    await expect(menu.getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).resolves.toBe(
      'page',
    );
    await expect(menu.getByRole('link', { name: 'Operators' }).count()).resolves.toBe(1);
    await page.getByRole('button', { name: /Alma Admin/ }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'console-overview-light-1280');

    // Keyboard: focus the menu's Audit log entry and follow it with Enter.
    await menu.getByRole('link', { name: 'Audit log' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/dashboard\/audit$/);
    await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    await page.getByText('No changes recorded yet.').waitFor();
    await expectAccessible(page);

    // Sign-out, from the operator's menu, by keyboard.
    await page.getByRole('button', { name: /Alma Admin/ }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click();
    await page.waitForURL(/\/dashboard\/login$/);
    expectNoPageErrors(page);
  });

  it('shows an enforcement officer only their sections', async () => {
    await signIn(page, LIGHT, 'officer@corelight.example');
    const menu = page.getByRole('navigation', { name: 'Console' });
    await menu.getByRole('link', { name: 'Notices' }).waitFor();
    await expect(menu.getByRole('link', { name: 'Settings' }).count()).resolves.toBe(0);
    await expect(menu.getByRole('link', { name: 'Appeals' }).count()).resolves.toBe(0);
    await page.goto(tenantUrl(LIGHT, '/dashboard/settings'));
    await page.getByText('Your role does not include this part of the console.', { exact: false }).waitFor();
    expectNoPageErrors(page);
  });

  it('works on a phone with a dark brand: the burger opens the menu', async () => {
    const phone = await newContext(browser, { phone: true });
    const target = await phone.newPage();
    await signIn(target, DARK, 'admin@coredark.example');
    await target.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    await expectAccessible(target);
    await screenshot(target, 'console-overview-dark-390');
    await target.getByRole('button', { name: 'Open the menu' }).click();
    const drawer = target.getByRole('dialog', { name: 'Console' });
    await drawer.waitFor();
    await expectAccessible(target);
    await screenshot(target, 'console-menu-dark-390');
    await drawer.getByRole('link', { name: 'Settings' }).click();
    await target.waitForURL(/\/dashboard\/settings$/);
    await target.getByRole('heading', { level: 1, name: 'Brand and settings' }).waitFor();
    await target.getByLabel('Portal title').waitFor();
    await expectAccessible(target);
    await screenshot(target, 'console-settings-dark-390');
    expectNoPageErrors(target);
    await phone.close();
  });
});

describe('brand and settings', () => {
  it('changes the brand colour with a live contrast check, and the portal shows it at once', async () => {
    await page.goto(tenantUrl(DARK, '/'));
    await expect(headerColor(page)).resolves.toBe('rgb(27, 42, 65)');

    await signIn(page, DARK, 'admin@coredark.example', '/dashboard/settings');
    const colour = page.getByLabel('Brand colour');
    await colour.waitFor();
    await expectAccessible(page);
    await screenshot(page, 'console-settings-dark-1280');
    // The luminance rule picks black text on yellow; as links on white, yellow is too pale and the
    // check names the darker shade the portal will use. Both show before anything is saved.
    await colour.fill('#F5C518');
    await page.getByText('Text on this colour: 12.88:1, meets WCAG AA.').waitFor();
    await page
      .getByTestId('brand-on-white')
      .getByText(/only 1\.\d\d:1: the portal draws links/)
      .waitFor();
    await colour.fill('#2E7D32');
    await page
      .getByTestId('brand-on-white')
      .getByText(/meets WCAG AA/)
      .waitFor();
    await page.getByLabel('Heading', { exact: true }).fill('Park safely tonight.');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved. The portal shows them now.').waitFor();
    await expectAccessible(page);

    const portal = await context.newPage();
    await portal.goto(tenantUrl(DARK, '/'));
    await expect(headerColor(portal)).resolves.toBe('rgb(46, 125, 50)');
    await portal.getByText('Park safely tonight.').waitFor();
    expectNoPageErrors(page);
    expectNoPageErrors(portal);

    // The change is in the audit log, field by field.
    await page.goto(tenantUrl(DARK, '/dashboard/audit'));
    const entry = page.getByRole('listitem').filter({ hasText: 'Settings changed' }).first();
    await entry.getByRole('cell', { name: /2E7D32/i }).waitFor();
    await entry.getByRole('cell', { name: /1B2A41/i }).waitFor();
    await expectAccessible(page);
  });
});

describe('operators', () => {
  it('invites an operator, who sets a password from the email and signs in', async () => {
    await signIn(page, LIGHT, 'admin@corelight.example', '/dashboard/operators');
    await page.getByRole('heading', { name: 'Invite an operator' }).waitFor();
    await page.getByRole('row', { name: /Otto Officer/ }).waitFor();
    await expectAccessible(page);
    await page.getByLabel('Name').fill('Stella Staff');
    await page.getByLabel('Email').fill('stella@corelight.example');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText('Invitation sent to stella@corelight.example.').waitFor();
    await page.getByRole('row', { name: /Stella Staff/ }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'console-operators-light-1280');

    const invitee = await (await newContext(browser)).newPage();
    await openEmail(invitee, LIGHT, 'stella@corelight.example', 'You are invited to the Sunny Lots console');
    await invitee.getByRole('link', { name: /\/dashboard\/set-password\// }).click();
    await invitee.waitForURL(/\/dashboard\/set-password\/[0-9a-f-]{36}$/);
    await invitee.getByRole('heading', { name: 'Set your password' }).waitFor();
    await expectAccessible(invitee);
    await invitee.getByLabel('New password').fill('Stella#2026x');
    await invitee.getByRole('button', { name: 'Set password' }).click();
    await invitee.waitForURL(/\/dashboard\/login$/);
    await invitee.getByText('Your password is set. Sign in with it now.').waitFor();
    await invitee.getByLabel('Email').fill('stella@corelight.example');
    await invitee.getByRole('textbox', { name: 'Password' }).fill('Stella#2026x');
    await invitee.getByRole('button', { name: 'Sign in' }).click();
    await invitee.waitForURL(/\/dashboard$/);
    await invitee.getByRole('button', { name: /Stella Staff/ }).waitFor();
    await invitee.getByText('Staff', { exact: true }).waitFor();
    const menu = invitee.getByRole('navigation', { name: 'Console' });
    await expect(menu.getByRole('link', { name: 'Operators' }).count()).resolves.toBe(0);
    expectNoPageErrors(invitee);

    // Back on the admin's page the invitation shows as accepted.
    await page.reload();
    await page
      .getByRole('row', { name: /Stella Staff/ })
      .getByText('Active')
      .waitFor();
    expectNoPageErrors(page);
  });
});
