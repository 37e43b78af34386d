import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectNoPageErrors,
  expectPhoneMenuCurrent,
  newContext,
  openFreshPagePerTest,
  tenantUrl,
} from './support/browser';
import { writeSession } from './support/sessions';

let browser: Browser;
let context: BrowserContext;
let page: Page;

openFreshPagePerTest((opened) => {
  ({ browser, context, page } = opened);
});

async function openPhone(width: number) {
  await context.close();
  context = await newContext(browser, { phone: true });
  page = await context.newPage();
  await page.setViewportSize({ width, height: 780 });
}

describe('phone navigation', () => {
  it('puts the signed-in menu behind a menu button, with the current page marked', async () => {
    await openPhone(375);
    await writeSession(page, 'brightlot', 'business@brightlot.example', 'Parking#2026');
    await page.goto(tenantUrl('brightlot', '/permits/account'));
    // No wrapped row of links: the side menu is hidden, the bar names the page.
    await expectPhoneMenuCurrent(page, 'Account');
    await expect(page.locator('nav.side-menu--wide').isVisible()).resolves.toBe(false);

    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await expect(menuButton.getAttribute('aria-expanded')).resolves.toBe('false');
    await menuButton.click();
    const drawer = page.getByRole('dialog', { name: 'Account menu' });
    await expect(drawer.getByRole('link', { name: 'Account' }).getAttribute('aria-current')).resolves.toBe(
      'page',
    );
    await expect(
      drawer.getByRole('link', { name: 'Passes' }).getAttribute('aria-current'),
    ).resolves.toBeNull();
    await drawer.getByRole('link', { name: 'Passes' }).click();
    await page.waitForURL(/\/permits\/view$/);
    await drawer.waitFor({ state: 'hidden' });
    await expectPhoneMenuCurrent(page, 'Passes');
    expectNoPageErrors(page);
  });

  it("does not clip the 'Select' chip at 375 and 390 pixels", async () => {
    for (const width of [375, 390]) {
      await openPhone(width);
      await page.goto(tenantUrl('demo', '/citations?plate=ABC1234'));
      // The results are the one responsive table: a card (row) per notice on a phone.
      const cards = page.locator('.responsive-table__table tbody tr');
      await cards.first().waitFor();
      for (const card of await cards.all()) {
        const chip = card.getByRole('link', { name: /^(Select|Paid) / });
        const [cardBox, chipBox] = [await card.boundingBox(), await chip.boundingBox()];
        expect(chipBox!.x + chipBox!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width);
        // The chip's own text is not cut off.
        const isCut = await chip.evaluate((el) => {
          const label = el.querySelector('.mantine-Badge-label') ?? el;
          return label.scrollWidth > label.clientWidth;
        });
        expect(isCut).toBe(false);
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    }
    expectNoPageErrors(page);
  });
});
