import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectAccessible,
  expectNoPageErrors,
  newContext,
  openFreshPagePerTest,
  tenantUrl,
} from './support/browser';
import { writeSession } from './support/sessions';

/** A person's data (issue 28): the customer's own card, and the console's on their request. */

let browser: Browser;
let context: BrowserContext;
let page: Page;

openFreshPagePerTest((opened) => {
  ({ browser, context, page } = opened);
});

async function openPhone() {
  await context.close();
  context = await newContext(browser, { phone: true });
  page = await context.newPage();
}

/** Clicks `button` and answers the text of the file the browser downloads. */
async function downloadText(target: Page, button: string) {
  const [download] = await Promise.all([
    target.waitForEvent('download'),
    target.getByRole('button', { name: button }).click(),
  ]);
  return { name: download.suggestedFilename(), text: await readFile((await download.path())!, 'utf8') };
}

async function signInOperator(target: Page, email: string, path: string) {
  await target.goto(tenantUrl('privlight', path));
  await target.waitForURL(/\/dashboard\/login$/);
  await target.getByLabel('Email').fill(email);
  await target.getByRole('textbox', { name: 'Password' }).fill('Operator#2026');
  await target.getByRole('button', { name: 'Sign in' }).click();
  await target.waitForURL((url) => url.pathname === path);
}

describe("a person's data", () => {
  it('a customer downloads their data and closes their account, on a phone with a dark brand', async () => {
    await openPhone();
    await writeSession(page, 'privdark', 'cleo@privdark.example', 'Parking#2026');
    await page.goto(tenantUrl('privdark', '/permits/account'));
    const card = page.getByRole('region', { name: 'Your data' });
    await card.waitFor();
    await expectAccessible(page);

    const json = await downloadText(page, 'Download my data (JSON)');
    expect(json.name).toMatch(/\.json$/);
    const data = JSON.parse(json.text);
    expect(data.sections.account[0].email).toBe('cleo@privdark.example');
    expect(JSON.stringify(data.sections.vehicles)).toContain('PRV2002');

    await page.getByRole('button', { name: 'Close my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Close your account?' });
    await dialog.getByLabel('Your password').fill('Parking#2026');
    await dialog.getByRole('button', { name: 'Close account' }).click();
    await page.getByTestId('account-closed').waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(/\/login/);
    // The account is gone: its password opens nothing.
    const status = await page.evaluate(async () => {
      const response = await fetch('/api/v1/auth/customer/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: 'cleo@privdark.example',
          password: 'Parking#2026',
          entitySubdomain: 'privdark',
        }),
      });
      return response.status;
    });
    expect(status).not.toBe(200);
    expectNoPageErrors(page);
  });

  it('an admin exports a customer on request and erases them after typing their email', async () => {
    const customerPath = '/dashboard/customers/6a1f1c52-4b8e-4d55-9b1c-2f7e8c1d0a01';
    await signInOperator(page, 'admin@privlight.example', customerPath);
    const card = page.getByRole('heading', { name: 'Personal data' });
    await card.waitFor();
    await expectAccessible(page);

    const csv = await downloadText(page, 'Export their data (CSV)');
    expect(csv.text.split('\n')[0]).toMatch(/section,record,field,value/);
    expect(csv.text).toContain('erin@privlight.example');

    await page.getByRole('button', { name: 'Erase customer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Erase this customer?' });
    await dialog.getByLabel("Customer's email").fill('someone@else.example');
    await dialog.getByRole('button', { name: 'Erase customer' }).click();
    await expect(dialog.getByRole('alert').textContent()).resolves.toBe(
      'Type the customer’s email exactly as shown to confirm.',
    );
    await dialog.getByLabel("Customer's email").fill('erin@privlight.example');
    await dialog.getByRole('button', { name: 'Erase customer' }).click();
    await page.getByText('The customer was erased.').waitFor();
    await page.getByText('This account is closed; its personal data has been erased.').waitFor();
    await expect(page.getByText('erin@privlight.example').count()).resolves.toBe(0);
    await expectAccessible(page);
    expectNoPageErrors(page);
  });

  it("an admin downloads the whole portal's data from the settings, with the audit of the erasure", async () => {
    await signInOperator(page, 'admin@privlight.example', '/dashboard/settings');
    await page.getByRole('heading', { name: 'Export all of this portal’s data' }).waitFor();
    const exported = await downloadText(page, 'Download the export');
    expect(exported.name).toMatch(/^privlight-export-\d{4}-\d{2}-\d{2}\.json$/);
    const document = JSON.parse(exported.text);
    expect(document.tenants[0].subdomain).toBe('privlight');
    expect(document.tenants[0].history.auditLog.map((entry: { action: string }) => entry.action)).toEqual(
      expect.arrayContaining(['customer.export', 'customer.erase']),
    );
    expectNoPageErrors(page);
  });

  it('shows staff no personal-data controls', async () => {
    await signInOperator(page, 'staff@privlight.example', '/dashboard/customers');
    await page.goto(tenantUrl('privlight', '/dashboard/customers/6a1f1c52-4b8e-4d55-9b1c-2f7e8c1d0a01'));
    await page.getByRole('heading', { name: 'Passes' }).waitFor();
    await expect(page.getByRole('heading', { name: 'Personal data' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Erase customer' }).count()).resolves.toBe(0);
  });
});
