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

let browser: Browser;
let context: BrowserContext;
let page: Page;

openFreshPagePerTest((opened) => {
  ({ browser, context, page } = opened);
});

/** A light (yellow) and a dark (navy) brand, each with a business customer and an appeal on file. */
const BRANDS = [
  { subdomain: 'brightlot', prefix: 'BR' },
  { subdomain: 'darklot', prefix: 'DA' },
] as const;

const SIGNED_IN_PATHS = ['/permits/dashboard', '/permits/view', '/permits/account'] as const;

async function noticeUuid(target: Page, subdomain: string, number: string): Promise<string> {
  return target.evaluate(
    async ({ subdomain, number }) => {
      const response = await fetch(`/api/v1/portal/citation/p/blank/n/${number}/o/${subdomain}`);
      return (await response.json())[0].uuid as string;
    },
    { subdomain, number },
  );
}

describe('every text on every brand colour meets WCAG AA', () => {
  for (const phone of [false, true]) {
    for (const { subdomain, prefix } of BRANDS) {
      it(`signed-in screens of ${subdomain}${phone ? ' at 375px' : ''}`, async () => {
        await context.close();
        context = await newContext(browser, { phone });
        page = await context.newPage();
        await writeSession(page, subdomain, `business@${subdomain}.example`, 'Parking#2026');
        for (const path of SIGNED_IN_PATHS) {
          await page.goto(tenantUrl(subdomain, path));
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          await expectAccessible(page);
          // The drawer is the same menu on every page: measured once, on the first.
          if (phone && path === SIGNED_IN_PATHS[0]) {
            // The drawer shows the menu, current page in the brand colour.
            await page.getByRole('button', { name: 'Open menu' }).click();
            await page.getByRole('dialog').locator('[aria-current="page"]').waitFor();
            // Measure the drawer once it has finished sliding and fading in.
            await page.waitForFunction(() =>
              document.getAnimations().every((a) => a.playState !== 'running'),
            );
            await expectAccessible(page);
            await page.keyboard.press('Escape');
          }
        }
        // The business badge and the current menu entry sit on brand colours.
        await page.getByText('Business Account').filter({ visible: true }).first().waitFor();
        expectNoPageErrors(page);
      });

      it(`public screens and a locked appeal of ${subdomain}${phone ? ' at 375px' : ''}`, async () => {
        await context.close();
        context = await newContext(browser, { phone });
        page = await context.newPage();
        await page.goto(tenantUrl(subdomain, '/'));
        await expectAccessible(page);
        await page.goto(tenantUrl(subdomain, `/citations?plate=${subdomain.slice(0, 3).toUpperCase()}2001`));
        await page
          .getByRole('link', { name: `Select ${prefix}2001` })
          .first()
          .waitFor();
        await expectAccessible(page);
        const uuid = await noticeUuid(page, subdomain, `${prefix}2002`);
        await page.goto(tenantUrl(subdomain, `/noticeappeal/${uuid}`));
        await page.getByTestId('appeal-banner').getByText('Appeal is pending review.').waitFor();
        await expectAccessible(page);
        // axe skips disabled inputs, so the locked answers are measured here: fully opaque, AA.
        const locked = await page.locator('input:disabled, textarea:disabled').evaluateAll((elements) =>
          elements.map((el) => {
            const style = getComputedStyle(el);
            const channels = (value: string) => (value.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
            const luminance = (value: string) => {
              const [r, g, b] = channels(value).map((c) => {
                const v = c / 255;
                return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
              });
              return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
            };
            const [a, b] = [luminance(style.color), luminance(style.backgroundColor)].sort((x, y) => y - x);
            return { opacity: style.opacity, contrast: (a! + 0.05) / (b! + 0.05) };
          }),
        );
        expect(locked.length).toBeGreaterThanOrEqual(5);
        for (const field of locked) {
          expect(field.opacity).toBe('1');
          expect(field.contrast).toBeGreaterThanOrEqual(4.5);
        }
        expectNoPageErrors(page);
      });
    }
  }

  it('draws the current menu entry in the brand colour with its luminance-chosen text', async () => {
    await writeSession(page, 'brightlot', 'business@brightlot.example', 'Parking#2026');
    await page.goto(tenantUrl('brightlot', '/permits/account'));
    const current = page.locator('nav.side-menu--wide [aria-current="page"]');
    await current.waitFor();
    const colors = await current.evaluate((el) => {
      const style = getComputedStyle(el);
      return { background: style.backgroundColor, color: style.color };
    });
    // #F2C94C is light: black text on it.
    expect(colors).toEqual({ background: 'rgb(242, 201, 76)', color: 'rgb(0, 0, 0)' });
  });
});
