import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectAccessible,
  expectNoPageErrors,
  openFreshPagePerTest,
  screenshot,
  tenantUrl,
} from './support/browser';
import { writeOperatorSession } from './support/sessions';

/**
 * Issue 31, extending a short pass (decision 236): a guest's paid two-hour pass, opened from the
 * reminder's link (`?extend=1`), buys the following two hours through the sandbox's checkout and
 * its page shows the extension; the console's pass page then shows it beside the pass's payments
 * (decision 243). Tenants `extendlight` and `extenddark` of tests/e2e/fixtures/extensions.json
 * ($3.00 for two hours, extension allowed).
 */
let page: Page;
openFreshPagePerTest((opened) => {
  ({ page } = opened);
});

/** Pays the sandbox checkout the page is on. */
async function paySandbox(target: Page, total: string) {
  await target.waitForURL(/\/sandbox\/checkout\/sbx_cs_[0-9a-f]{24}$/);
  await target.getByLabel('Card number').fill('4242 4242 4242 4242');
  await target.getByLabel('Expiry (MM/YY)').fill('12/30');
  await target.getByLabel('CVC').fill('123');
  await target.getByRole('button', { name: `Pay ${total}` }).click();
}

/** A guest's pass bought and paid through the calls the checkout form makes; answers its uuid. */
async function buyShortPass(target: Page, tenant: string): Promise<string> {
  await target.goto(tenantUrl(tenant, '/permits/choose'));
  const { passId, checkoutURL } = await target.evaluate(async (subdomain) => {
    const products = (await (await fetch('/api/v1/portal/permit/products')).json()) as Array<{
      uuid: string;
    }>;
    const issued = await fetch('/api/v1/permits/checkout/guest/paid/incomplete', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        permitProductUUID: products[0]!.uuid,
        subdomain,
        email: `sam@${subdomain}.example`,
        fullname: 'Sam Short',
        date: new Date().toISOString(),
        vehicle: { plate: 'SHORT1', state: 'NY', make: 'KIA', model: 'RIO', color: 'RED' },
      }),
    });
    const { permitIssuedUUID } = (await issued.json()) as { permitIssuedUUID: string };
    const checkout = await fetch(
      `/api/v1/portal/permit/guestcheckout/${permitIssuedUUID}/subdomain/${subdomain}`,
    );
    return {
      passId: permitIssuedUUID,
      checkoutURL: ((await checkout.json()) as { checkoutURL: string }).checkoutURL,
    };
  }, tenant);
  await target.goto(checkoutURL);
  await paySandbox(target, '$3.00');
  await target.waitForURL(/\/success\?checkout=success/);
  return passId;
}

describe('extending a short pass', () => {
  for (const tenant of ['extendlight', 'extenddark'] as const) {
    it(`${tenant}: opens the reminder's link, pays the next two hours, and the pass shows them`, async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      const passId = await buyShortPass(page, tenant);
      await page.goto(tenantUrl(tenant, `/permit/issued/${passId}/receipt?extend=1`));
      const panel = page.getByTestId('pass-extension');
      await panel.getByText(/Keep parking until .* for \$3\.00\./).waitFor();
      await expectAccessible(page);
      await screenshot(page, `pass-extension-${tenant}-390`);
      await panel.getByTestId('extend-pass').click();
      await paySandbox(page, '$3.00');
      await page.waitForURL(/\/receipt\?extension=paid$/);
      await page.getByTestId('extension-paid').waitFor();
      await expect(page.getByTestId('extension-row').count()).resolves.toBe(1);
      await page.setViewportSize({ width: 1280, height: 900 });
      await expectAccessible(page);
      await screenshot(page, `pass-extension-${tenant}-1280`);

      // The operator sees the extension on the console's pass page, with its payment.
      await writeOperatorSession(page, tenant, `admin@${tenant}.example`);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(tenantUrl(tenant, `/dashboard/passes/${passId}`));
      const extensions = page.getByTestId('console-pass-extensions');
      await extensions.getByRole('heading', { name: 'Extensions' }).waitFor();
      await expect(extensions.getByTestId('console-extension-row').count()).resolves.toBe(1);
      await extensions.getByText('Paid', { exact: true }).waitFor();
      await extensions.getByText('$3.00').waitFor();
      await extensions.getByText(/A refund gives back the newest payment first/).waitFor();
      await expectAccessible(page);
      await screenshot(page, `console-pass-extension-${tenant}-390`);
      expectNoPageErrors(page);
    });
  }
});
