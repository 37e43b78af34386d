import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectAccessible,
  expectNoPageErrors,
  newContext,
  openFreshPagePerTest,
  tenantUrl,
} from './support/browser';
import { openEmail } from './support/mailbox';
import { writeOperatorSession } from './support/sessions';

/**
 * Issue 31, waitlists: on a phone, a guest joins a sold-out product's waitlist, a place frees, the
 * offer's email leads to its page and through the checkout to the pass; the console lists the
 * line. Tenants `waitlight` (a light brand) and `waitdark` (a dark one) of
 * tests/e2e/fixtures/waitlists.json, each with one place, taken.
 */
const POLL = { timeout: 15_000, interval: 200 };
const HELD_PASS = {
  waitlight: '6f1c2d3e-0000-4000-8000-00000000a001',
  waitdark: '6f1c2d3e-0000-4000-8000-00000000a002',
} as const;

let page: Page;
let opened: Parameters<Parameters<typeof openFreshPagePerTest>[0]>[0];
openFreshPagePerTest((fresh) => {
  opened = fresh;
  ({ page } = fresh);
});

async function joinOnPhone(phone: Page, tenant: keyof typeof HELD_PASS, email: string) {
  await phone.goto(tenantUrl(tenant, '/permits/choose'));
  const card = phone.getByRole('article', { name: 'Residents Garage' });
  await card.getByText('Sold out').first().waitFor();
  await card.getByRole('button', { name: 'Join the waitlist: Residents Garage' }).click();
  await expectAccessible(phone);
  await card.getByLabel('Email').fill(email);
  const submit = card.getByRole('button', { name: 'Join the waitlist' });
  // At half a phone's width the label wraps, whole, rather than being cut to "Join the waitlis".
  const isLabelWhole = await submit.evaluate((button) => {
    const label = button.querySelector('.mantine-Button-label');
    return label !== null && label.scrollWidth <= label.clientWidth + 1;
  });
  expect(isLabelWhole).toBe(true);
  await submit.click();
  await card.getByTestId('waitlist-place').waitFor(POLL);
}

/** The held place given back through the pass's own link (decision 178), as its holder would. */
async function freeThePlace(target: Page, tenant: keyof typeof HELD_PASS) {
  const status = await target.evaluate(
    async (passId) => (await fetch(`/api/v1/permits/issued/${passId}/cancel`, { method: 'PUT' })).status,
    HELD_PASS[tenant],
  );
  expect(status).toBe(200);
}

/** Signs in the tenant's admin of the fixture. */
const signInOperator = (target: Page, tenant: string) =>
  writeOperatorSession(target, tenant, `admin@${tenant}.example`, 'Console#2026');

describe('waitlists on a phone', () => {
  for (const tenant of ['waitlight', 'waitdark'] as const) {
    it(`${tenant}: joins, is offered the freed place by email, and buys it through the link`, async () => {
      const phoneContext = await newContext(opened.browser, { phone: true });
      const phone = await phoneContext.newPage();
      const first = `wren@${tenant}.example`;
      await joinOnPhone(phone, tenant, first);
      await expect(phone.getByTestId('waitlist-place').textContent()).resolves.toBe(
        'You are number 1 on the waitlist.',
      );
      await expectAccessible(phone);
      await joinOnPhone(phone, tenant, `otto@${tenant}.example`);
      await expect(phone.getByTestId('waitlist-place').textContent()).resolves.toBe(
        'You are number 2 on the waitlist.',
      );

      await freeThePlace(phone, tenant);
      // The place is held for the first in line: nobody else can choose it.
      await phone.goto(tenantUrl(tenant, '/permits/choose'));
      await phone.getByRole('article', { name: 'Residents Garage' }).getByText('Sold out').first().waitFor();

      await openEmail(phone, tenant, first, 'A place on Residents Garage is yours until');
      await phone
        .getByRole('link', { name: /\/waitlist\/offer\// })
        .first()
        .click();
      await phone.getByTestId('waitlist-offer-status').waitFor(POLL);
      await expect(phone.getByTestId('waitlist-offer-status').textContent()).resolves.toMatch(
        /^A place is held for you until .+\. Nobody else can buy it until then\.$/,
      );
      await expectAccessible(phone);
      await phone.getByRole('link', { name: 'Buy your pass' }).click();
      await phone.getByTestId('waitlist-offer-banner').waitFor(POLL);
      await expect(phone.getByLabel('Email', { exact: false }).first().inputValue()).resolves.toBe(first);
      await expectAccessible(phone);
      await phone.getByLabel('License plate').fill('WREN 1');
      await phone
        .getByRole('button', { name: /Get my pass|Continue/ })
        .first()
        .click();
      await phone.getByTestId('view-pass').waitFor(POLL);
      expectNoPageErrors(phone);
      await phoneContext.close();

      // The console: the first person has bought the place, the second waits, ranked 1.
      await signInOperator(page, tenant);
      await page.goto(tenantUrl(tenant, '/dashboard/waitlists'));
      const entry = page.getByTestId('waitlist-entry');
      await entry.first().waitFor(POLL);
      await expect(entry.count()).resolves.toBe(1);
      await expect(entry.first().textContent()).resolves.toContain(`otto@${tenant}.example`);
      await expectAccessible(page);
      expectNoPageErrors(page);
    });
  }
});
