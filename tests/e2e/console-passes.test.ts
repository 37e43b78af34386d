import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectAccessible,
  expectNoHorizontalScroll,
  expectNoPageErrors,
  newContext,
  openFreshPagePerTest,
  tenantUrl,
} from './support/browser';
import { writeOperatorSession } from './support/sessions';

/**
 * The console's pass screens (issue 11) on the tenants of tests/e2e/fixtures/console-passes.json:
 * a light brand (passeslight) and a dark one (passesdark).
 */

let browser: Parameters<typeof newContext>[0];
let page: Page;
openFreshPagePerTest((opened) => {
  ({ browser, page } = opened);
});

describe('the console: pass products', () => {
  it('an admin creates a product with the keyboard, and a guest buys it on the portal', async () => {
    await writeOperatorSession(page, 'passesdark', 'admin@passesdark.example');
    await page.goto(tenantUrl('passesdark', '/dashboard/products'));
    await page.getByRole('cell', { name: 'Dark Day Pass', exact: true }).waitFor();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'New product' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'New pass product' }).waitFor();
    // An empty name is refused before anything is sent.
    await page.getByRole('button', { name: 'Save product' }).click();
    await page.getByText('Some fields need attention').waitFor();

    await page.getByLabel('Name').fill('Console Weekend Pass');
    await page.getByLabel('Description').fill('Saturday and Sunday in lot B.');
    await page.getByLabel('Price (USD)').fill('7.50');
    await page.getByLabel('Capacity (blank: unlimited)').fill('25');
    const footer = page.getByRole('textbox', { name: 'Below the checkout' });
    await footer.focus();
    await page.keyboard.type('Lot B closes at ');
    await page
      .getByRole('toolbar', { name: 'Below the checkout formatting' })
      .getByRole('button', { name: 'Bold' })
      .click();
    await page.keyboard.type('midnight');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save product' }).click();
    await page.getByRole('heading', { name: 'Edit Console Weekend Pass' }).waitFor();
    await expect(page.getByLabel('Price (USD)').inputValue()).resolves.toBe('$7.50');

    // The portal sells it: a guest checks out through the sandbox.
    await page.goto(tenantUrl('passesdark', '/permits/choose'));
    const card = page.getByRole('article', { name: 'Console Weekend Pass' });
    await expect(card.getByTestId('product-price').textContent()).resolves.toBe('$7.50');
    await card.getByRole('button', { name: 'Choose Console Weekend Pass' }).click();
    await page.waitForURL(/\/permit\/[0-9a-f-]{36}\/guestcheckout$/);
    await page.getByTestId('footer-below').getByText('midnight').waitFor();
    await page.getByLabel('Full name').fill('Wendy Weekend');
    await page.getByLabel('Email', { exact: false }).first().fill('wendy@example.com');
    await page.getByLabel('License plate').fill('WKND75');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL(/\/sandbox\/checkout\/sbx_cs_/);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/30');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay $7.50' }).click();
    await page.waitForURL(/\/success\?checkout=success$/);

    // Back in the console the pass is found by its plate, and refunded once.
    await page.goto(tenantUrl('passesdark', '/dashboard/passes?q=wknd'));
    await page.getByRole('cell', { name: 'WKND75' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('cell', { name: 'WKND75' }).click();
    await page.getByRole('heading', { name: /^Pass / }).waitFor();
    await page.getByRole('button', { name: 'Refund' }).click();
    await page.getByText('Refundable now: $7.50 of $7.50 paid.').waitFor();
    await expectAccessible(page);
    await page.getByLabel('Reason (the customer reads it)').fill('Event called off');
    await page.getByRole('button', { name: 'Refund $7.50' }).click();
    await page.getByRole('cell', { name: 'Refunded' }).waitFor();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect(page.getByRole('button', { name: 'Refund', exact: true }).count()).resolves.toBe(0);
    await page.getByText('Canceled', { exact: true }).waitFor();
    expectNoPageErrors(page);
  });

  it('generates a batch of access codes and revokes one', async () => {
    await writeOperatorSession(page, 'passeslight', 'admin@passeslight.example');
    await page.goto(tenantUrl('passeslight', '/dashboard/products'));
    await page.getByRole('link', { name: 'Access codes: Console Reserved Application' }).click();
    await page.getByText('No access codes for this product yet.').waitFor();
    await page.getByLabel('How many').fill('3');
    await page.getByLabel('Prefix (optional)').fill('vip-');
    await page.getByRole('button', { name: 'Generate codes' }).click();
    await page.getByText('3 codes generated.').waitFor();
    const revoke = page.getByRole('button', { name: /^Revoke VIP-/ }).first();
    await revoke.waitFor();
    await expectAccessible(page);
    await revoke.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke', exact: true }).click();
    await page.getByText('2 unused · 0 used · 1 revoked').waitFor();
    await page.getByText(/^Revoked /).waitFor();
    expectNoPageErrors(page);
  });
});

describe('the console: passes and reports', () => {
  it('approves a pass from the approvals queue', async () => {
    await writeOperatorSession(page, 'passeslight', 'admin@passeslight.example');
    await page.goto(tenantUrl('passeslight', '/dashboard/passes?status=waiting'));
    await page.getByRole('cell', { name: 'QUEUE1' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'CQ-1001' }).click();
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByLabel('Message to the registrant (optional)').fill('Welcome to the reserved lot.');
    await page.getByRole('button', { name: 'Approve pass' }).click();
    await page.getByText('Paid', { exact: true }).waitFor();
    await page.goto(tenantUrl('passeslight', '/dashboard/passes?status=waiting'));
    await page.getByText('No passes are waiting for approval.').waitFor();
    expectNoPageErrors(page);
  });

  it('creates and revokes an API key, and opens a new report, on a phone', async () => {
    const context = await newContext(browser, { phone: true });
    page = await context.newPage();
    await writeOperatorSession(page, 'passeslight', 'admin@passeslight.example');
    await page.goto(tenantUrl('passeslight', '/dashboard/reports'));
    await page.getByText('No reports yet. Create one above.').waitFor();
    await page.getByText('No API keys yet.').waitFor();
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    await page.getByLabel('From').fill('2026-11-01');
    await page.getByLabel('To').fill('2026-11-20');
    await page.getByRole('button', { name: 'Create report' }).click();
    await page.getByText('Report created.').waitFor();
    await page.getByRole('link', { name: /^Open report of/ }).waitFor();

    await page.getByLabel('Key name (e.g. Handheld 3)').fill('Handheld 3');
    await page.getByLabel('Key name (e.g. Handheld 3)').press('Enter');
    const key = await page.getByTestId('new-api-key').textContent();
    expect(key).toMatch(/^ppk_/);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'I have stored it' }).click();
    await page.getByText('Handheld 3', { exact: true }).first().waitFor();
    expect(await page.content()).not.toContain(key ?? 'missing');

    await page.getByRole('button', { name: 'Revoke Handheld 3' }).click();
    await page.getByRole('button', { name: 'Revoke', exact: true }).click();
    await page.getByText(/^Revoked /).waitFor();
    const status = await page.evaluate(
      async (apiKey) =>
        (await fetch('/api/v1/enforcement/plates/QUEUE1', { headers: { authorization: `Bearer ${apiKey}` } }))
          .status,
      key,
    );
    expect(status).toBe(401);

    // The report's link: open until its expiry, then revoked from its row (issue 28).
    await page.getByText(/^Open until /).waitFor();
    await page.getByRole('button', { name: /^Revoke the link of the report of/ }).click();
    await page.getByRole('button', { name: 'Revoke link', exact: true }).click();
    await page.getByRole('link', { name: /^Open report of/ }).waitFor({ state: 'detached' });
    await expectNoHorizontalScroll(page);
    expectNoPageErrors(page);
    await context.close();
  });
});
