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
 * Every role sees only what it may do (issue 33, decision 240): the menu and the buttons come from
 * the permission table the server checks. Tenants of tests/e2e/fixtures/roles.json, each with an
 * admin, a staff member and an enforcement officer: staff on a light brand at a desktop, the
 * officer on a dark brand on a phone, by keyboard.
 */

let browser: Parameters<typeof newContext>[0];
let page: Page;
openFreshPagePerTest((opened) => {
  ({ browser, page } = opened);
});

const ALL_SECTIONS = [
  'Overview',
  'Plate lookup',
  'Notices',
  'Repeat offenders',
  'Appeals',
  'Passes',
  'Pass products',
  'Waitlists',
  'Customers',
  'Reports',
  'Settings',
  'Operators',
  'Audit log',
];

/** The names of the menu's links, in order. */
async function menuEntries(target: Page, name: 'Console'): Promise<string[]> {
  const menu = target.getByRole('navigation', { name }).last();
  await menu.getByRole('link', { name: 'Overview' }).waitFor();
  return menu.getByRole('link').allInnerTexts();
}

describe('what each role sees in the console', () => {
  it('shows staff the office sections, and no product editing, API keys or tenant set-up', async () => {
    await writeOperatorSession(page, 'roleslight', 'staff@roleslight.example');
    await page.goto(tenantUrl('roleslight', '/dashboard'));
    const staffMenu = ALL_SECTIONS.filter((name) => !['Settings', 'Operators', 'Audit log'].includes(name));
    expect(await menuEntries(page, 'Console')).toEqual(staffMenu);

    // Products: the list and its access codes, no "New product" and no "Edit".
    await page.goto(tenantUrl('roleslight', '/dashboard/products'));
    await page.getByRole('heading', { level: 1, name: 'Pass products' }).waitFor();
    await page.getByRole('link', { name: 'Access codes: Roles Reserved Application' }).waitFor();
    await expect(page.getByRole('link', { name: 'New product' }).count()).resolves.toBe(0);
    await expect(page.getByRole('link', { name: 'Edit Roles Reserved Application' }).count()).resolves.toBe(
      0,
    );
    await expectAccessible(page);
    await screenshot(page, 'console-roles-staff-products-1280');

    // The approvals queue: staff may decide, so the rows can be selected.
    await page.goto(tenantUrl('roleslight', '/dashboard/passes?status=waiting'));
    await page.getByRole('checkbox', { name: 'Select ROLES-1' }).waitFor();

    // Reports without the tenant admin's API keys.
    await page.goto(tenantUrl('roleslight', '/dashboard/reports'));
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    await page.getByRole('heading', { name: 'New activity report' }).waitFor();
    await expect(page.getByRole('heading', { name: 'Enforcement API keys' }).count()).resolves.toBe(0);

    // A product editor's address, typed in: the frame says so rather than showing refused calls.
    await page.goto(tenantUrl('roleslight', '/dashboard/products/new'));
    await page.getByText('Your role does not include this part of the console.', { exact: false }).waitFor();
    await expectAccessible(page);
    expectNoPageErrors(page);
  });

  it('shows an enforcement officer the field sections on a phone, without decisions or imports', async () => {
    const phone = await newContext(browser, { phone: true });
    const target = await phone.newPage();
    await writeOperatorSession(target, 'rolesdark', 'officer@rolesdark.example');
    await target.goto(tenantUrl('rolesdark', '/dashboard'));
    await target.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();

    // The menu, opened and followed by keyboard, once the app has taken over the server's page
    // (decision 252: until then the button is disabled).
    const burger = target.getByRole('button', { name: 'Open the menu' });
    await expect.poll(() => burger.isEnabled()).toBe(true);
    await burger.focus();
    await target.keyboard.press('Enter');
    const drawer = target.getByRole('dialog', { name: 'Console' });
    await drawer.waitFor();
    const officerMenu = [
      'Overview',
      'Plate lookup',
      'Notices',
      'Repeat offenders',
      'Passes',
      'Waitlists',
      'Reports',
    ];
    await drawer.getByRole('link', { name: 'Overview' }).waitFor();
    expect(await drawer.getByRole('link').allInnerTexts()).toEqual(officerMenu);
    await expectAccessible(target);
    await screenshot(target, 'console-roles-officer-menu-dark-390');
    await drawer.getByRole('link', { name: 'Notices' }).focus();
    await target.keyboard.press('Enter');
    await target.waitForURL(/\/dashboard\/notices$/);

    // Notices: a new field notice, but no import and no violation codes.
    await target.getByRole('link', { name: 'New notice' }).waitFor();
    await expect(target.getByRole('link', { name: 'Import CSV' }).count()).resolves.toBe(0);
    await expect(target.getByRole('link', { name: 'Violation codes' }).count()).resolves.toBe(0);
    await expectNoHorizontalScroll(target);

    // The approvals queue is readable, without selection or bulk decisions.
    await target.goto(tenantUrl('rolesdark', '/dashboard/passes?status=waiting'));
    await target.getByRole('link', { name: 'ROLES-1' }).first().waitFor();
    await expect(target.getByRole('checkbox').count()).resolves.toBe(0);
    await expect(target.getByRole('region', { name: 'Bulk actions' }).count()).resolves.toBe(0);
    await expectAccessible(target);
    await screenshot(target, 'console-roles-officer-queue-dark-390');

    // Addresses the role may not use say so.
    for (const path of ['/dashboard/appeals', '/dashboard/notices/import', '/dashboard/settings']) {
      await target.goto(tenantUrl('rolesdark', path));
      await target
        .getByText('Your role does not include this part of the console.', { exact: false })
        .waitFor();
    }
    expectNoPageErrors(target);
    await phone.close();
  });
});
