import type { Browser, Page } from 'playwright-core';
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

/**
 * The overview's trends and the plate lookup (issue 33) at phone width, on the light and the dark
 * brand of tests/e2e/fixtures/console-desk.json.
 */
const PASSWORD = 'Operator#2026';

let browser: Browser;
openFreshPagePerTest((opened) => {
  ({ browser } = opened);
});

async function phoneSignedIn(tenant: string, email: string, path: string): Promise<Page> {
  const context = await newContext(browser, { phone: true });
  const page = await context.newPage();
  await page.goto(tenantUrl(tenant, path));
  await page.waitForURL(/\/dashboard\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === path);
  return page;
}

describe('the overview trends and the plate lookup on a phone', () => {
  it('draws the trends with the period before, each linking to its list (light brand)', async () => {
    const page = await phoneSignedIn('desklight', 'admin@desklight.example', '/dashboard');
    // Below the six tiles on a phone, the trends load once scrolled to (decision 252).
    await page.locator('.console-tiles').waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.getByRole('heading', { level: 2, name: 'Trends' }).waitFor();
    const issued = page.getByRole('figure').filter({ hasText: 'Notices issued per day' });
    await issued.locator('canvas').first().waitFor();
    await expect(page.locator('.trend-card').count()).resolves.toBe(7);
    // The figures are in words for assistive technology, and the charts are drawn.
    await expect(issued.locator('figcaption').textContent()).resolves.toMatch(
      /Notices issued per day: \d+ in this period against \d+ in the period before\./,
    );
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await screenshot(page, `desk-overview-light-phone`);

    // Another range by keyboard: the address keeps it.
    await page.getByText('90 days').click();
    await page.waitForURL(/range=90/);
    await issued.locator('canvas').first().waitFor();

    // A chart's title opens its list.
    await page
      .getByRole('figure')
      .filter({ hasText: 'At the end of each day' })
      .getByRole('link', { name: 'Passes active', exact: true })
      .click();
    await page.waitForURL(/\/dashboard\/passes\?status=active$/);
    expectNoPageErrors(page);
  });

  it('looks up a plate: covered, its pass, its open notice and its scan (light brand)', async () => {
    const page = await phoneSignedIn('desklight', 'officer@desklight.example', '/dashboard/plates');
    await page.getByRole('heading', { level: 1, name: 'Plate lookup' }).waitFor();
    await page.getByRole('textbox', { name: 'Plate' }).fill('desk 1');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/dashboard\/plates\/DESK1$/);
    await page.getByText(/^Covered until /).waitFor();
    await page.getByRole('link', { name: 'DL-1001' }).waitFor();
    await page.getByRole('link', { name: 'DL5001' }).waitFor();
    await page.getByText('1 open, $45.00 due today').waitFor();
    await page.getByText('Parked across two bays').waitFor();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await screenshot(page, `desk-plate-light-phone`);

    await page.getByRole('textbox', { name: 'Plate' }).fill('NOPE9');
    await page.getByRole('button', { name: 'Look up' }).click();
    await page.getByText('Not covered now').waitFor();
    await page.getByText('No open notices.').waitFor();
    expectNoPageErrors(page);
  });

  it('is readable and accessible on the dark brand', async () => {
    const page = await phoneSignedIn('deskdark', 'admin@deskdark.example', '/dashboard');
    await page.locator('.console-tiles').waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page
      .getByRole('figure')
      .filter({ hasText: 'Notices issued per day' })
      .locator('canvas')
      .first()
      .waitFor();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await page.goto(tenantUrl('deskdark', '/dashboard/plates/DARK1'));
    await page.getByText('Not covered now').waitFor();
    await page.getByRole('link', { name: 'DD5001' }).waitFor();
    await expectAccessible(page);
    await screenshot(page, `desk-plate-dark-phone`);
    expectNoPageErrors(page);
  });
});
