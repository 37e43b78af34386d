import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/server/features/lists/parse-csv';
import {
  expectAccessible,
  expectNoPageErrors,
  newContext,
  openFreshPagePerTest,
  screenshot,
  tenantUrl,
} from './support/browser';
import { writeOperatorSession } from './support/sessions';

/**
 * The console's lists at scale (issue 33) on tests/e2e/fixtures/console-lists.json (30 notices a
 * tenant, a light and a dark brand): the total, a page and a filter kept in the address, the
 * export of what is filtered; the audit log readable at phone width.
 */
const LIGHT = 'listlight';
const DARK = 'listdark';

let browser: Browser;
let page: Page;
openFreshPagePerTest((opened) => {
  ({ browser, page } = opened);
});

const range = (target: Page) => target.getByTestId('list-range');

/** Signs in the tenant's admin of the fixture. */
const signInOperator = (target: Page, subdomain: string) =>
  writeOperatorSession(target, subdomain, `admin@${subdomain}.example`);

describe('console lists', () => {
  it('shows the total, keeps the page and filters in the address, and exports what is filtered', async () => {
    await signInOperator(page, LIGHT);
    await page.goto(tenantUrl(LIGHT, '/dashboard/notices'));
    await expect.poll(() => range(page).textContent()).toBe('1–25 of 30');
    await expectAccessible(page);
    await screenshot(page, 'lists-notices-1280');

    await page.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL(/[?&]page=2/);
    await expect.poll(() => range(page).textContent()).toBe('26–30 of 30');

    // A filter starts again from page one, and stays through a reload.
    await page.getByRole('combobox', { name: 'Status' }).selectOption('Open');
    await page.waitForURL(
      (url) => url.searchParams.get('status') === 'Open' && !url.searchParams.has('page'),
    );
    await expect.poll(() => range(page).textContent()).toBe('1–20 of 20');
    await page.reload();
    await expect.poll(() => range(page).textContent()).toBe('1–20 of 20');
    await expect(page.getByRole('combobox', { name: 'Status' }).inputValue()).resolves.toBe('Open');

    // The export holds every row the filter matches, not only the page.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await (await download).path();
    const records = parseCsv(await readFile(file, 'utf8')).records;
    expect(records).toHaveLength(21);
    expect(records.slice(1).every((record) => record.fields.includes('Open'))).toBe(true);
    expectNoPageErrors(page);
  });

  for (const subdomain of [LIGHT, DARK]) {
    it(`reads the audit log at phone width, filtered by the kind of change (${subdomain})`, async () => {
      const context = await newContext(browser, { phone: true });
      const phone = await context.newPage();
      await phone.setViewportSize({ width: 390, height: 844 });
      const token = await signInOperator(phone, subdomain);
      // A change to read: the admin voids a notice.
      const noticeNumber = `LS${subdomain[4]!.toUpperCase()}001`;
      await phone.evaluate(
        async ({ token, noticeNumber }) => {
          const list = await fetch(`/api/v1/dashboard/notices?q=${noticeNumber}`, {
            headers: { authorization: token },
          });
          const uuid = (await list.json()).items[0].uuid;
          const voided = await fetch(`/api/v1/dashboard/notices/${uuid}/void`, {
            method: 'POST',
            headers: { authorization: token, 'content-type': 'application/json' },
            body: JSON.stringify({ reason: 'Signage missing' }),
          });
          if (!voided.ok) throw new Error(`void failed: ${voided.status}`);
        },
        { token, noticeNumber },
      );
      await phone.goto(tenantUrl(subdomain, '/dashboard/audit'));
      const entry = phone.getByRole('listitem').filter({ hasText: 'Notice voided' }).first();
      await entry.waitFor();
      await entry.getByRole('link', { name: noticeNumber }).waitFor();
      await entry.getByText('Who: Lee Lister').waitFor();
      await entry.getByRole('rowheader', { name: 'Reason' }).waitFor();

      await phone.getByLabel('Change').selectOption('notice.void');
      await phone.waitForURL((url) => url.searchParams.get('action') === 'notice.void');
      await expect.poll(() => range(phone).textContent()).toMatch(/^1–\d+ of \d+$/);
      const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectAccessible(phone);
      await screenshot(phone, `lists-audit-390-${subdomain}`);
      expectNoPageErrors(phone);
      await context.close();
    });
  }
});
