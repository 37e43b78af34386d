import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectAccessible,
  expectNoPageErrors,
  launchBrowser,
  newContext,
  tenantUrl,
} from './support/browser';

// Records of tests/e2e/fixtures/payments.json.
const PAYABLE = '5a1e0000-0000-4000-8000-000000000301';
const TO_DECLINE = '5a1e0000-0000-4000-8000-000000000302';
// tests/e2e/fixtures/payfees.json: tenant feetest charges 2.9% + $0.30 and a $1.95 service fee.
const WITH_FEES = '5a1e0000-0000-4000-8000-000000000351';

let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

async function openSandboxCheckout(citationUUID: string, options: { phone?: boolean } = {}): Promise<Page> {
  await context?.close();
  context = await newContext(browser, options);
  const page = await context.newPage();
  await page.goto(tenantUrl('paytest', `/citations/${citationUUID}`));
  await page.getByRole('button', { name: 'Pay now' }).click();
  await page.waitForURL(/\/sandbox\/checkout\/sbx_cs_[0-9a-f]{24}$/);
  await page.getByRole('heading', { name: 'Sandbox checkout' }).waitFor();
  return page;
}

describe('paying a notice through the sandbox checkout', () => {
  it('pays with the test card using only the keyboard and comes back to a paid notice', async () => {
    const page = await openSandboxCheckout(PAYABLE);
    await expect(page.getByText('TEST MODE').isVisible()).resolves.toBe(true);
    await page.getByText('Paytest Parking: Parking notice PT0301').waitFor();
    await expectAccessible(page);

    await page.getByLabel('Card number').focus();
    await page.keyboard.type('4242 4242 4242 4242');
    await page.keyboard.press('Tab');
    await page.keyboard.type('12/30');
    await page.keyboard.press('Tab');
    await page.keyboard.type('123');
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Pay $42.00');
    await page.keyboard.press('Enter');

    await page.waitForURL(tenantUrl('paytest', `/citations/${PAYABLE}?checkout=success`));
    await expect(page.getByTestId('citation-banner').textContent()).resolves.toBe('Successfully paid.');
    await expectAccessible(page);
    expectNoPageErrors(page);

    await page.getByRole('link', { name: 'View receipt' }).click();
    await page.getByRole('heading', { name: 'Payment receipt' }).waitFor();
    await page.getByRole('row', { name: 'Parking notice PT0301 $42.00' }).waitFor();
    await page.getByRole('row', { name: 'Total paid $42.00' }).waitFor();
    await expectAccessible(page);
    expectNoPageErrors(page);
  });

  it('shows a decline on a 375px screen, accessibly, and leaves the notice payable', async () => {
    const page = await openSandboxCheckout(TO_DECLINE, { phone: true });
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByLabel('Expiry (MM/YY)').fill('12/30');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay $15.00' }).click();
    await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
    await expectAccessible(page);
    const overflows = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflows).toBe(false);

    await page.getByRole('link', { name: 'Cancel and go back' }).click();
    await page.waitForURL(tenantUrl('paytest', `/citations/${TO_DECLINE}?checkout=cancelled`));
    await page.getByText('Payment cancelled. Your card was not charged.').waitFor();
    await page.getByRole('button', { name: 'Pay now' }).waitFor();
    await expectAccessible(page);
    await expect(page.getByTestId('citation-banner').textContent()).resolves.toBe(
      'Proceed to secure payment',
    );
    expectNoPageErrors(page);
  });
});

describe('fees on a notice payment', () => {
  it('shows the fee lines with what they are for before paying and on the checkout, also at 375px', async () => {
    for (const phone of [false, true]) {
      await context?.close();
      context = await newContext(browser, { phone });
      const page = await context.newPage();
      await page.goto(tenantUrl('feetest', `/citations/${WITH_FEES}`));
      const breakdown = page.getByTestId('payment-breakdown');
      await breakdown.waitFor();
      await expect(breakdown.getByRole('row').allInnerTexts()).resolves.toEqual([
        expect.stringMatching(/^Amount due\s+\$40\.00$/),
        expect.stringMatching(/^Card processing fee\s+Charged by the card payment provider.*\s+\$1\.46$/s),
        expect.stringMatching(
          /^Platform service fee\s+Supports the platform.*enforcement tools\.\s+\$1\.95$/s,
        ),
        expect.stringMatching(/^Total to pay\s+\$43\.41$/),
      ]);
      await expectAccessible(page);
      const overflows = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(overflows).toBe(false);
      expectNoPageErrors(page);
    }

    // The phone context is still open: the checkout is checked at 375px too.
    const page = await context.newPage();
    await page.goto(tenantUrl('feetest', `/citations/${WITH_FEES}`));
    await page.getByRole('button', { name: 'Pay now' }).click();
    await page.waitForURL(/\/sandbox\/checkout\/sbx_cs_[0-9a-f]{24}$/);
    const lines = page.getByTestId('checkout-lines');
    await expect(lines.getByRole('row').allInnerTexts()).resolves.toEqual([
      expect.stringMatching(/^Parking notice FT0351\s+\$40\.00$/),
      expect.stringMatching(/^Card processing fee\s+\$1\.46$/),
      expect.stringMatching(/^Platform service fee\s+\$1\.95$/),
    ]);
    await page.getByRole('button', { name: 'Pay $43.41' }).waitFor();
    await expectAccessible(page);
    const overflows = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflows).toBe(false);
    expectNoPageErrors(page);
  });
});

describe('the printable notice', () => {
  it('shows the notice and its QR code on one page, accessibly, also at 375px', async () => {
    for (const phone of [false, true]) {
      await context?.close();
      context = await newContext(browser, { phone });
      const page = await context.newPage();
      await page.goto(tenantUrl('paytest', `/citations/${PAYABLE}/ticketview`));
      await page.getByRole('heading', { name: 'Paytest Parking — Parking notice' }).waitFor();
      await expect(page.getByTestId('ticket-Notice #').textContent()).resolves.toBe('PT0301');
      await expect(page.getByTestId('ticket-Make').textContent()).resolves.toBe('TOYOTA');
      await expect(page.getByTestId('ticket-Comments').textContent()).resolves.toBe(
        'Rear window sticker missing',
      );
      await expect(page.getByTestId('ticket-Amount').textContent()).resolves.toBe('$42.00');
      const qr = page.getByRole('img', { name: 'QR code linking to this notice online' });
      await qr.waitFor();
      await page.waitForFunction(() => {
        const image = document.querySelector<HTMLImageElement>('[data-testid="ticket-qr"]');
        return Boolean(image?.complete && image.naturalWidth > 0);
      });
      await expectAccessible(page);
      const overflows = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(overflows).toBe(false);
      expectNoPageErrors(page);
    }
  });

  it("sends another tenant's notice to /404", async () => {
    await context?.close();
    context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(tenantUrl('paytest', '/citations/5a1e0000-0000-4000-8000-000000000399/ticketview'));
    await page.waitForURL(tenantUrl('paytest', '/404'));
    await page.getByText("Sorry, this page isn't available.").waitFor();
  });
});

describe('the payment method on the account screen', () => {
  it('opens the sandbox customer portal, adds a test card there and shows it back on the account', async () => {
    await context?.close();
    context = await newContext(browser, { phone: true });
    const page = await context.newPage();
    // Signs in through the API and writes the session, as the login screen would.
    await page.goto(tenantUrl('paytest', '/privacy'));
    await page.evaluate(async () => {
      const response = await fetch('/api/v1/auth/customer/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: 'payer@paytest.example',
          password: 'Parking#2026',
          entitySubdomain: 'paytest',
        }),
      });
      if (!response.ok) throw new Error(`login failed: ${response.status}`);
      const session = await response.json();
      localStorage.setItem('jwt', `Bearer ${session.jwtToken}`);
      localStorage.setItem('userUUID', session.uuid);
      localStorage.setItem('customerPublicId', session.customerPublicId);
    });
    await page.goto(tenantUrl('paytest', '/permits/account'));
    await page.getByText('There are no cards attached to this account.').waitFor();
    await page.getByRole('button', { name: 'Manage payment method' }).click();

    await page.waitForURL(/\/sandbox\/portal\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Sandbox customer portal' }).waitFor();
    await expectAccessible(page);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/30');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Add test card' }).click();
    await page.getByText('VISA •••• 4242 expires 12/2030').waitFor();
    await expectAccessible(page);
    const overflows = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflows).toBe(false);

    await page.getByRole('link', { name: 'Return to the portal' }).click();
    await page.waitForURL(tenantUrl('paytest', '/permits/account'));
    await page.getByTestId('card').filter({ hasText: '•••• 4242' }).waitFor();
    expectNoPageErrors(page);
  });
});
