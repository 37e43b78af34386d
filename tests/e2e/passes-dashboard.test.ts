import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { IssuedPermit } from '../../src/shared/contract';
import {
  expectAccessible,
  expectNoHorizontalScroll,
  expectNoPageErrors,
  openFreshPagePerTest,
  screenshot,
  tenantUrl,
} from './support/browser';
import { writeOperatorSession, writeSession } from './support/sessions';

/**
 * Living with a pass, dashboard half (issue 10), on the dashlight (light brand) and dashdark
 * (dark brand) tenants of tests/e2e/fixtures/dashboard.json.
 */
const LIGHT = 'dashlight';
const DARK = 'dashdark';
const PASSWORD = 'Parking#2026';

let page: Page;

const { openPhonePage } = openFreshPagePerTest((opened) => {
  ({ page } = opened);
});

describe('passes dashboard', () => {
  it('2,000 passes on a phone: count, each filter, pages, keyboard, axe on the light brand', async () => {
    page = await openPhonePage();
    // 2,000 real passes of one customer (tests/e2e/fixtures/dashboard-2000-passes.sql).
    await writeSession(page, LIGHT, 'thousands@dashlight.example', PASSWORD);
    const started = Date.now();
    await page.goto(tenantUrl(LIGHT, '/permits/dashboard'));
    await page.getByTestId('pass-count').getByText('2000 permits').waitFor();
    const firstPaint = Date.now() - started;
    await expect(page.getByTestId('filter-all').textContent()).resolves.toBe('All (2000)');
    await expect(page.getByTestId('filter-active').textContent()).resolves.toBe('Active (1400)');
    await expect(page.getByTestId('filter-approval').textContent()).resolves.toBe('Approval needed (200)');
    await expect(page.getByTestId('filter-expired').textContent()).resolves.toBe('Expired/Rejected (400)');
    await expect(page.getByTestId('pass-row').count()).resolves.toBe(25);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    // Each filter, from the keyboard; the time from key press to the new rows is measured.
    const timings: Record<string, number> = {};
    for (const [filter, label, firstStatus] of [
      ['approval', 'Page 1 of 8', 'Waiting for approval'],
      ['expired', 'Page 1 of 16', 'Expired Jan 01, 2021 07:00 AM'],
      ['active', 'Page 1 of 56', 'Valid'],
      ['all', 'Page 1 of 80', 'Valid'],
    ] as const) {
      await page.getByTestId(`filter-${filter}`).focus();
      const pressed = Date.now();
      await page.keyboard.press('Enter');
      await page.getByTestId('page-of').getByText(label, { exact: true }).waitFor();
      timings[filter] = Date.now() - pressed;
      await expect(page.getByTestId(`filter-${filter}`).getAttribute('aria-pressed')).resolves.toBe('true');
      await expect(
        page.getByTestId('pass-row').first().getByTestId('pass-status').textContent(),
      ).resolves.toBe(firstStatus);
    }
    await page.getByRole('button', { name: 'Next' }).focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('page-of').getByText('Page 2 of 80', { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    await page.getByRole('button', { name: 'Expired/Rejected (400)' }).click();
    const cards = page.getByTestId('pass-row');
    await cards.getByText('Expired Jan 01, 2021 07:00 AM').first().waitFor();
    await cards.getByText('Rejected', { exact: true }).first().waitFor();
    await expectAccessible(page);
    console.info(
      `dashboard, 2,000 passes on a phone: list shown ${firstPaint} ms after navigation; filters`,
      timings,
    );
    // A card's View link opens the receipt from the keyboard.
    await page
      .getByRole('link', { name: /^View permit #L\d+ for BIG\d+$/ })
      .first()
      .focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/permit\/issued\/00000000-0000-4000-8000-\d{12}\/receipt$/);
    expectNoPageErrors(page);
  });

  it("a real list: 'Needs input' for no plate, a row to its receipt page, the empty state", async () => {
    await writeSession(page, LIGHT, 'many@dashlight.example', PASSWORD);
    // While the list is on its way, its placeholder is announced and passes axe (held here, since
    // a fast server would otherwise answer before axe looks).
    let releaseList = () => {};
    const listHeld = new Promise<void>((resolve) => (releaseList = resolve));
    await page.route('**/api/v1/portal/customer/permits', async (route) => {
      await listHeld;
      await route.continue();
    });
    await page.goto(tenantUrl(LIGHT, '/permits/dashboard'));
    await page.getByRole('status', { name: 'Loading passes' }).waitFor();
    await expectAccessible(page);
    releaseList();
    await page.getByTestId('pass-count').getByText('20 permits').waitFor();
    await page.unrouteAll();
    const table = page.getByRole('table');
    await table.getByText('Needs input').first().waitFor();
    await table.getByText('Active starting Jun 01, 2030 08:00 AM').first().waitFor();
    await expect(page.getByTestId('register-new-pass').getAttribute('href')).resolves.toBe(
      '/permits/view/choose',
    );
    await page.getByRole('row').filter({ hasText: 'DSH0000' }).click();
    await page.waitForURL(/\/permit\/issued\/[0-9a-f-]{36}\/receipt$/);
    await page.getByRole('heading', { name: 'Permit #D0000' }).waitFor();
    await page.getByTestId('proof-qr').waitFor();
    await expectAccessible(page);

    await writeSession(page, LIGHT, 'empty@dashlight.example', PASSWORD);
    await page.goto(tenantUrl(LIGHT, '/permits/dashboard'));
    await page.getByTestId('no-permits').getByText('No permits.').waitFor();
    await expectAccessible(page);
    expectNoPageErrors(page);
  });

  it('a business account on the dark brand: badge, the business list and charts with text alternatives', async () => {
    await writeSession(page, DARK, 'night@dashdark.example', PASSWORD);
    await page.goto(tenantUrl(DARK, '/permits/dashboard'));
    await page.getByRole('heading', { name: 'Passes issued by Night Fleet' }).waitFor();
    await page.locator('.side-menu__badge').getByText('Business Account').waitFor();
    await page.getByTestId('pass-count').getByText('6 permits').waitFor();
    await page.getByTestId('business-charts').waitFor();
    await page
      .getByRole('figure', { name: 'Passes by status' })
      .getByRole('cell', { name: 'Rejected' })
      .waitFor();
    await page.getByText('6 passes issued in the last 30 days', { exact: false }).waitFor();
    await expectAccessible(page);
    await screenshot(page, `passes-dashboard-business-dark`);

    page = await openPhonePage();
    await writeSession(page, DARK, 'night@dashdark.example', PASSWORD);
    await page.goto(tenantUrl(DARK, '/permits/dashboard'));
    await page.getByTestId('business-badge').getByText('Business Account').waitFor();
    await page.getByTestId('business-charts').waitFor();
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, `passes-dashboard-business-dark-phone`);
    expectNoPageErrors(page);
  });
});

describe('approval from the receipt page', () => {
  const receiptOf = async (target: Page, permitId: string) => {
    // The business list names the passes; the operator opens one by its uuid.
    await writeSession(target, LIGHT, 'biz@dashlight.example', PASSWORD);
    const list = await target.evaluate(async () => {
      const response = await fetch('/api/v1/portal/customer/business/permits', {
        headers: { authorization: localStorage.getItem('jwt') ?? '' },
      });
      return response.json();
    });
    await target.evaluate(() => localStorage.removeItem('jwt'));
    return list.find((permit: IssuedPermit) => permit.customerPermitId === permitId).uuid as string;
  };

  it('an operator approves with a message and rejects another, with the keyboard', async () => {
    const approveUuid = await receiptOf(page, 'BIZ-1');
    const rejectUuid = await receiptOf(page, 'BIZ-2');
    await writeOperatorSession(page, LIGHT, 'ops@dashlight.example');

    await page.goto(tenantUrl(LIGHT, `/permit/issued/${approveUuid}/receipt`));
    await page.getByTestId('receipt-status').getByText('Waiting for approval').waitFor();
    await page.getByText('APR001').waitFor();
    await page.getByText('Ava Approve').first().waitFor();
    await expectAccessible(page);
    await page.getByTestId('approve').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Approve this pass?' }).waitFor();
    await page.keyboard.type('Welcome to the fleet lot.');
    await expectAccessible(page);
    await page.getByTestId('confirm-decision').click();
    await page.getByTestId('decision-saved').waitFor();
    await page.getByTestId('receipt-status').getByText('Valid', { exact: true }).waitFor();
    await expect(page.getByTestId('approve').count()).resolves.toBe(0);
    await page.getByTestId('proof-qr').waitFor();
    await screenshot(page, `passes-receipt-approved`);

    page = await openPhonePage();
    await writeOperatorSession(page, LIGHT, 'ops@dashlight.example');
    await page.goto(tenantUrl(LIGHT, `/permit/issued/${rejectUuid}/receipt`));
    await page.getByTestId('reject').click();
    await page.getByRole('dialog', { name: 'Reject this pass?' }).waitFor();
    await page.getByLabel('Message to the registrant (optional)').fill('No spaces left.');
    await page.getByTestId('confirm-decision').click();
    // A rejected pass is not one the page shows (section 2): it goes to the invalid page.
    await page.waitForURL(/\/permits\/issued\/invalid\?reason=rejected$/);
    // The page says it was rejected (issue 27), not "canceled or voided".
    await page
      .getByText('Your permit request was rejected by the parking administrator.', { exact: false })
      .waitFor();
    expectNoPageErrors(page);
  });

  it('approving a pass with a charge asks for payment; paid through the sandbox, it shows in transactions', async () => {
    const payUuid = await receiptOf(page, 'BIZ-3');
    await writeOperatorSession(page, LIGHT, 'ops@dashlight.example');
    await page.goto(tenantUrl(LIGHT, `/permit/issued/${payUuid}/receipt`));
    await page.getByTestId('approve').click();
    await page.getByText('This pass has a charge', { exact: false }).waitFor();
    await page.getByTestId('confirm-decision').click();
    await page.getByTestId('payment-required').getByText('Payment required').waitFor();

    // The registrant, on the same page, pays through the payment port.
    await page.evaluate(() => localStorage.removeItem('operatorJwt'));
    await writeSession(page, LIGHT, 'payer@dashlight.example', PASSWORD);
    await page.goto(tenantUrl(LIGHT, '/permits/transactions'));
    await page.getByTestId('no-transactions').getByText('No recent transactions.').waitFor();
    await expectAccessible(page);
    await page.goto(tenantUrl(LIGHT, `/permit/issued/${payUuid}/receipt`));
    await page.getByTestId('proceed-to-payment').click();
    await page.waitForURL(/\/sandbox\/checkout\/sbx_cs_[0-9a-f]{24}$/);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/30');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay $15.00' }).click();
    await page.waitForURL(/\/permits\/apply\/[0-9a-f-]{36}\/success\?checkout=success$/);
    await page.getByRole('heading', { name: 'Your permit has been successfully issued!' }).waitFor();

    await page.goto(tenantUrl(LIGHT, '/permits/transactions'));
    await page.getByTestId('transactions-table').getByText('$15.00').waitFor();
    await page.getByRole('heading', { name: 'Paid Transactions' }).waitFor();
    await expectAccessible(page);
    await screenshot(page, `passes-transactions`);
    expectNoPageErrors(page);
  });
});
