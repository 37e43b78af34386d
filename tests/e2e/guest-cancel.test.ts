import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, expectNoPageErrors, openFreshPagePerTest, tenantUrl } from './support/browser';
import { openEmail as openEmailOf } from './support/mailbox';

/**
 * Issue 27: a guest buys a recurring pass, then cancels it through the link in their email (the
 * pass's uuid is the capability); renewal stops and a confirmation arrives. Tenant `guestcancel`
 * of tests/e2e/fixtures/guests.json.
 */
const TENANT = 'guestcancel';
const EMAIL = 'gale@guestcancel.example';
const POLL = { timeout: 15_000, interval: 200 };

let page: Page;
openFreshPagePerTest((opened) => {
  ({ page } = opened);
});

/** The file's tenant's mailbox (tests/e2e/support/mailbox.ts). */
const openEmail = (target: Page, to: string, subject: string) => openEmailOf(target, TENANT, to, subject);

/**
 * The guest's incomplete pass and its payment page, through the same calls the checkout form
 * makes, sent from the tenant's page (the browser resolves *.localhost; Node does not).
 */
async function startGuestPurchase(target: Page): Promise<string> {
  await target.goto(tenantUrl(TENANT, '/permits/choose'));
  return target.evaluate(
    async ({ subdomain, email }) => {
      const products = (await (await fetch('/api/v1/portal/permit/products')).json()) as Array<{
        uuid: string;
      }>;
      const issued = await fetch('/api/v1/permits/checkout/guest/paid/incomplete', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          permitProductUUID: products[0]!.uuid,
          subdomain,
          email,
          fullname: 'Gale Guest',
          date: new Date().toISOString(),
          vehicle: { plate: 'GALE1', state: 'NY', make: 'KIA', model: 'RIO', color: 'RED' },
        }),
      });
      const { permitIssuedUUID } = (await issued.json()) as { permitIssuedUUID: string };
      const checkout = await fetch(
        `/api/v1/portal/permit/guestcheckout/${permitIssuedUUID}/subdomain/${subdomain}`,
      );
      return ((await checkout.json()) as { checkoutURL: string }).checkoutURL;
    },
    { subdomain: TENANT, email: EMAIL },
  );
}

describe('a guest cancels a recurring pass through the emailed link', () => {
  it('pays $75.00 / month, follows the link, cancels: renewal stopped and a confirmation email', async () => {
    const checkoutURL = await startGuestPurchase(page);
    await page.goto(checkoutURL);
    await expect(page.getByTestId('checkout-total').textContent()).resolves.toBe('$75.00 / month');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry', { exact: false }).fill('12/30');
    await page.getByLabel('CVC', { exact: false }).fill('123');
    await page.getByRole('button', { name: /^Pay/ }).click();

    // The success page leads a guest to the pass, not to a sign-in wall.
    await page.getByTestId('view-pass').waitFor(POLL);
    await expect(page.getByRole('link', { name: 'Back to dashboard' }).count()).resolves.toBe(0);
    await expectAccessible(page);

    await openEmail(page, EMAIL, 'Your parking permit');
    // The dev mailbox names each link of an email by its address.
    await page
      .getByRole('link', { name: /\/permit\/issued\/[0-9a-f-]{36}\/receipt/ })
      .first()
      .click();
    await page.getByTestId('renewal-note').waitFor(POLL);
    await expect(page.getByTestId('renewal-note').textContent()).resolves.toContain(
      'Renews every month at $75.00',
    );
    await page.getByRole('link', { name: 'Stop renewing: cancel the permit' }).click();

    await page.getByRole('button', { name: 'Cancel Permit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure you want to cancel your permit?' });
    await dialog.waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Yes, cancel it' }).dblclick();
    await page.getByTestId('renewal-state').waitFor(POLL);
    await expect(page.getByTestId('renewal-state').textContent()).resolves.toBe(
      'Renewal stopped: you will not be charged for this permit again.',
    );
    await expect(page.getByRole('button', { name: 'Cancel Permit' }).count()).resolves.toBe(0);
    await expectAccessible(page);

    await openEmail(page, EMAIL, 'Your parking permit was canceled');
    await expect(
      page.getByText('It will not renew, and you will not be charged for it again.').count(),
    ).resolves.toBe(1);
    await expectNoPageErrors(page);
  });

  it('sends the bare host from /permits/choose/emailsent to /', async () => {
    await page.goto(tenantUrl(null, '/permits/choose/emailsent'));
    await page.waitForURL((url) => url.pathname === '/', POLL);
  });
});
