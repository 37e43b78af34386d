import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectAccessible,
  expectNoPageErrors,
  launchBrowser,
  newContext,
  screenshot,
  tenantUrl,
} from './support/browser';
import { writeOperatorSession } from './support/sessions';

// tests/e2e/fixtures/payment-plans.json: plantest (a light brand) and plandark (a dark one) offer
// plans from $100, up to 4, with a $1.50 fee, each on one $240.01 notice.
const LARGE = '5a1e0000-0000-4000-8000-000000000501';
const DARK_LARGE = '5a1e0000-0000-4000-8000-000000000502';

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

/** Pays the first instalment of the open plan form in the sandbox's checkout ($80.51 of 3). */
async function payFirstInstalment(page: Page) {
  await page.getByRole('button', { name: 'Pay the first instalment' }).click();
  await page.waitForURL(/\/sandbox\/checkout\/sbx_cs_[0-9a-f]{24}$/);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay $80.51' }).click();
}

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

    await payFirstInstalment(page);

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

describe('plans in the public notice list and the console (decision 236)', () => {
  it('lists a notice on a plan as on a plan, owing the rest, on a light and a dark brand', async () => {
    // plandark's notice is put on a plan here; plantest's was by the test above.
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(tenantUrl('plandark', `/citations/${DARK_LARGE}`));
    await page.getByRole('button', { name: 'Pay in instalments' }).click();
    await page.getByLabel('Number of monthly instalments').selectOption('3');
    await page.getByLabel('Email for receipts and reminders').fill('planner@plandark.example');
    await payFirstInstalment(page);
    await page.getByRole('heading', { name: 'On a payment plan' }).waitFor();

    for (const [tenant, plate] of [
      ['plantest', 'PLAN401'],
      ['plandark', 'PLAN402'],
    ] as const) {
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 844 });
        await page.goto(tenantUrl(tenant, `/citations?plate=${plate}`));
        const plan = page.getByTestId('row-plan');
        await plan.getByText('On a payment plan').waitFor();
        await plan.getByText('Paid: $80.51 · Remaining: $161.00').waitFor();
        // The rest of the plan, not the notice's $240.01 as if no plan existed.
        await expect(page.getByTestId('total-amount-due').textContent()).resolves.toBe(
          'Total amount due: $161.00',
        );
        await expectAccessible(page);
        await screenshot(page, `plan-notice-list-${tenant}-${width}`);
      }
    }
    expectNoPageErrors(page);
    await page.close();
  });

  it('edits the plan threshold and fee in dollars in the console', async () => {
    const page = await context.newPage();
    await writeOperatorSession(page, 'plandark', 'admin@plandark.example', 'Console#2026');
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto(tenantUrl('plandark', '/dashboard/settings'));
      const threshold = page.getByLabel('Smallest notice for a plan');
      await threshold.waitFor();
      await expect(threshold.inputValue()).resolves.toBe('$100.00');
      await expect(page.getByLabel('Plan fee').inputValue()).resolves.toBe('$1.50');
      await expectAccessible(page);
      await threshold.scrollIntoViewIfNeeded();
      await screenshot(page, `plan-settings-plandark-${width}`);
    }
    await page.getByLabel('Smallest notice for a plan').fill('250');
    await page.getByLabel('Plan fee').fill('2.25');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved. The portal shows them now.').waitFor();
    const saved = await page.evaluate(async () => {
      const response = await fetch('/api/v1/dashboard/settings', {
        headers: { authorization: localStorage.getItem('operatorJwt') ?? '' },
      });
      return response.json();
    });
    // The API keeps cents.
    expect(saved).toMatchObject({ paymentPlanThreshold: 25_000, paymentPlanFee: 225 });
    expectNoPageErrors(page);
    await page.close();
  });
});
