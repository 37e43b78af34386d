import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectAccessible,
  expectNoPageErrors,
  launchBrowser,
  newContext,
  tenantUrl,
} from './support/browser';

// tests/e2e/fixtures/payment-plans.json: plantest offers plans from $100, up to 4, with a $1.50 fee.
const LARGE = '5a1e0000-0000-4000-8000-000000000501';

let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, { phone: true });
});
afterAll(async () => {
  await context.close();
  await browser.close();
});

describe('a payment plan on a notice (issue 31)', () => {
  it('shows the schedule, pays the first instalment in the sandbox and puts the notice on a plan, at 390 px', async () => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(tenantUrl('plantest', `/citations/${LARGE}`));
    await page.getByRole('button', { name: 'Pay in instalments' }).click();
    await page.getByLabel('Number of monthly instalments').selectOption('3');
    // $240.01 + $1.50 in 3: the first carries the cent that does not divide.
    const schedule = page.getByTestId('plan-schedule');
    await schedule.getByText('$80.51').waitFor();
    await expect(schedule.getByText('$80.50', { exact: true }).count()).resolves.toBe(2);
    await expect(page.getByTestId('plan-total').textContent()).resolves.toBe('$241.51');
    await page.getByLabel('Email for receipts and reminders').fill('planner@plantest.example');
    await expectAccessible(page);
    const overflows = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflows).toBe(false);

    await page.getByRole('button', { name: 'Pay the first instalment' }).click();
    await page.waitForURL(/\/sandbox\/checkout\/sbx_cs_[0-9a-f]{24}$/);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/30');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay $80.51' }).click();

    await page.waitForURL(tenantUrl('plantest', `/citations/${LARGE}?checkout=success&plan=started`));
    await page.getByRole('heading', { name: 'On a payment plan' }).waitFor();
    await expect(page.getByTestId('plan-paid').textContent()).resolves.toBe('Paid: $80.51');
    await expect(page.getByTestId('plan-remaining').textContent()).resolves.toBe('Remaining: $161.00');
    await page.getByTestId('plan-next').waitFor();
    await page.getByRole('button', { name: 'Pay the rest in full' }).waitFor();
    await expect(page.getByRole('button', { name: 'Pay in instalments' }).count()).resolves.toBe(0);
    await expectAccessible(page);
    expectNoPageErrors(page);
  });
});
