import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectAccessible,
  expectNoPageErrors,
  newContext,
  openFreshPagePerTest,
  tenantUrl,
} from './support/browser';

let browser: Browser;
let context: BrowserContext;
let page: Page;

openFreshPagePerTest((opened) => {
  ({ browser, context, page } = opened);
});

describe('notice lookup', () => {
  it('shows the branded home page with the pass block and the search', async () => {
    await page.goto(tenantUrl('demo'));
    await expect(page.title()).resolves.toBe('Demo Parking Portal');
    const headerColor = await page
      .locator('header.brand-header')
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(headerColor).toBe('rgb(31, 111, 235)');
    await page.getByRole('heading', { name: 'Register for a Parking Pass' }).waitFor();
    await page.getByRole('link', { name: 'Go to parking passes' }).waitFor();
    await page.getByLabel('Notice # OR License plate').waitFor();
    await page.getByRole('link', { name: 'Dispute notice' }).waitFor();
    await expectAccessible(page);
    expectNoPageErrors(page);
  });

  it('searches by plate, lists the notices with the total due, and opens one', async () => {
    await page.goto(tenantUrl('demo'));
    await page.getByLabel('Notice # OR License plate').fill(' abc 1234 ');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/\/citations\?plate=ABC1234$/);
    const rows = page.locator('tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(4);
    // Two Open notices of ABC1234 count: $35.00, and $45.00 with its $15.00 late penalty; the
    // paid and archived ones owe nothing. The total is the sum of the rows (decision 100).
    await expect(page.getByTestId('total-amount-due').textContent()).resolves.toBe(
      'Total amount due: $95.00',
    );
    await page.getByText('Questions about a notice? Call (555) 010-2000').waitFor();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Select D001002' }).click();
    await page.waitForURL(/\/citations\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('citation-banner').textContent()).resolves.toBe(
      'Proceed to secure payment',
    );
    await page.getByRole('button', { name: 'Pay now' }).waitFor();
    await expectAccessible(page);
    expectNoPageErrors(page);
  });

  it('shows one amount for a notice in the list, on its page and on the printable notice', async () => {
    await page.goto(tenantUrl('demo', '/citations?plate=ABC1234'));
    const row = page.locator('tbody tr').filter({ hasText: 'D001002' });
    await row.waitFor();
    const rowAmount = await row.locator('td').nth(3).locator('p').first().textContent();
    expect(rowAmount).toBe('$60.00');
    await page.getByRole('link', { name: 'Select D001002' }).click();
    await expect(page.getByTestId('headline-amount').textContent()).resolves.toBe(rowAmount);
    // The breakdown explains the figure: amount, the penalty on its date, then fees and total.
    await expect(page.getByTestId('penalty-line').count()).resolves.toBe(1);
    await expect(page.getByTestId('total-charge').textContent()).resolves.toBe('$63.99');
    await page.getByRole('link', { name: 'Printable notice' }).click();
    await expect(page.getByTestId('ticket-Amount').textContent()).resolves.toBe(rowAmount);
    expectNoPageErrors(page);
  });

  it('shows a paid notice with what was paid and when, not an amount due', async () => {
    await page.goto(tenantUrl('demo', '/citations?citationid=D001149'));
    await page.getByRole('link', { name: 'Paid D001149' }).click();
    await page.getByTestId('paid-on').waitFor();
    await expect(page.getByTestId('headline-amount').textContent()).resolves.toBe('$60.00');
    await page.getByText('Amount paid', { exact: true }).waitFor();
    await expect(page.getByText('Amount due', { exact: true }).count()).resolves.toBe(0);
    await expect(page.getByTestId('payment-breakdown').count()).resolves.toBe(0);
    await expectAccessible(page);
    expectNoPageErrors(page);
  });

  it('searches by notice number and shows the paid banner on a paid notice', async () => {
    await page.goto(tenantUrl('demo'));
    await page.getByLabel('Notice # OR License plate').fill('d001149');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/\/citations\?citationid=D001149$/);
    await page.getByRole('link', { name: 'Paid D001149' }).click();
    await expect(page.getByTestId('citation-banner').textContent()).resolves.toBe('Successfully paid.');
  });

  it('keeps every banner readable on light and dark brand colours', async () => {
    // metro's brand is a dark red and oakridge's a light yellow: the payable banner takes its text
    // colour from the brand's luminance; paid, voided and warning banners use fixed AA colours.
    for (const [subdomain, plate] of [
      ['metro', '7XYZ123'],
      ['oakridge', 'ABC1234'],
    ] as const) {
      await page.goto(tenantUrl(subdomain, `/citations?plate=${plate}`));
      const links = page.getByRole('link', { name: /^(Select|Paid) / });
      await links.first().waitFor();
      for (const href of await links.evaluateAll((elements) =>
        elements.map((el) => el.getAttribute('href')),
      )) {
        await page.goto(tenantUrl(subdomain, href ?? '/'));
        await page.getByTestId('citation-banner').waitFor();
        await expectAccessible(page);
      }
    }
    expectNoPageErrors(page);
  });

  it("offers 'Did you mean' plates for a misread plate, and only the plates", async () => {
    await page.goto(tenantUrl('demo', '/citations?plate=KLM-552I'));
    const suggestions = page.getByTestId('plate-suggestions');
    await suggestions.waitFor();
    await expect(suggestions.getByRole('link').allTextContents()).resolves.toEqual(['KLM5521']);
    await expectAccessible(page);
    await suggestions.getByRole('link', { name: 'KLM5521' }).click();
    await page.waitForURL(/\/citations\?plate=KLM5521$/);
    await page.locator('tbody tr').first().waitFor();
    await expect(page.getByTestId('plate-suggestions').count()).resolves.toBe(0);
    expectNoPageErrors(page);
  });

  it('says when nothing is on file', async () => {
    await page.goto(tenantUrl('demo', '/citations?plate=NOTHING1'));
    await page.getByText('No results on file. Please check the URL and/or the Plate#/Violation#.').waitFor();
  });

  it("shows 'This citation is no longer valid.' for another tenant's notice", async () => {
    await page.goto(tenantUrl('metro', '/citations?plate=7XYZ123'));
    await page.locator('tbody tr').first().waitFor();
    const metroPath = await page
      .getByRole('link', { name: /^Select / })
      .first()
      .getAttribute('href');
    await page.goto(tenantUrl('demo', metroPath ?? '/'));
    await page.getByText('This citation is no longer valid.').waitFor();
  });

  it('shows the 404 page, sends bare-host home and unknown tenants there, and unknown paths home', async () => {
    await page.goto(tenantUrl(null, '/'));
    await page.waitForURL(/\/404$/);
    await page.getByRole('heading', { name: "Sorry, this page isn't available." }).waitFor();
    await expect(page.title()).resolves.toBe('VPC Payment Portal');
    await expectAccessible(page);
    // The bare host's brand is the generic one, so its pages have a brand to draw.
    const brand = await page.evaluate(async () => (await fetch('/api/v1/portal/brand/www')).json());
    expect(brand).toMatchObject({ brandTitle: 'VPC Payment Portal', brandColor: '000000' });
    // A lost visitor finds the operator's own portal by name.
    await page.getByLabel('Parking operator name').fill('demo');
    await page.getByRole('button', { name: 'Find portal' }).click();
    const portal = page.getByRole('link', { name: 'Demo Parking' });
    await expect(portal.getAttribute('href')).resolves.toBe(tenantUrl('demo').replace(/\/$/, ''));
    await expectAccessible(page);
    await portal.click();
    await page.waitForURL(tenantUrl('demo'));
    await page.goto(tenantUrl(null, '/404'));
    await page.getByLabel('Parking operator name').fill('no such operator');
    await page.getByRole('button', { name: 'Find portal' }).click();
    await page.getByTestId('no-portals').waitFor();

    await page.goto(tenantUrl('nosuchtenant', '/citations?plate=X'));
    await page.waitForURL(/\/404$/);

    await page.goto(tenantUrl('demo', '/no/such/page'));
    await page.waitForURL(tenantUrl('demo', '/'));
    expectNoPageErrors(page);
  });

  it('works on a phone-sized screen with the keyboard alone', async () => {
    await context.close();
    context = await newContext(browser, { phone: true });
    page = await context.newPage();
    await page.goto(tenantUrl('demo'));
    await page.getByLabel('Notice # OR License plate').focus();
    await page.keyboard.type('KLM5521');
    await page.keyboard.press('Enter');
    await page.waitForURL(/plate=KLM5521/);
    // Phones get the responsive table's cards (decision 182).
    await page.locator('.responsive-table__table tbody tr').first().waitFor();
    await expectAccessible(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
