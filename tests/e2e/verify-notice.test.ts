import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { expectAccessible, expectNoPageErrors, openFreshPagePerTest, tenantUrl } from './support/browser';

let page: Page;

openFreshPagePerTest((opened) => {
  ({ page } = opened);
});

/** Reads the printed notice's QR code the way a phone would: the PNG, decoded. */
async function scanPrintedQr(target: Page): Promise<string> {
  const qr = target.getByTestId('ticket-qr');
  await qr.waitFor();
  const base64 = await qr.evaluate(async (image) => {
    const bytes = new Uint8Array(await (await fetch((image as HTMLImageElement).src)).arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  });
  const png = PNG.sync.read(Buffer.from(base64, 'base64'));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? '';
}

describe('verify this notice', () => {
  it("leads from the printed notice's QR code to a page confirming the notice is genuine", async () => {
    await page.goto(tenantUrl('brightlot', '/citations?plate=BRI2001'));
    const href = await page.getByRole('link', { name: 'Select BR2001' }).first().getAttribute('href');
    await page.goto(tenantUrl('brightlot', `${href}/ticketview`));
    const target = await scanPrintedQr(page);
    expect(target).toMatch(/^http:\/\/brightlot\.localhost:\d+\/verify\/[0-9a-f-]{36}\/[A-Za-z0-9_-]{32}$/);

    await page.goto(target);
    await expect(page.getByTestId('verify-result').textContent()).resolves.toBe(
      'This notice is genuine. Issued by Bright Lot Parking',
    );
    await page.getByRole('cell', { name: 'BR2001' }).waitFor();
    await page.getByRole('cell', { name: 'BRI2001 · IL' }).waitFor();
    await page.getByRole('cell', { name: '$45.00' }).waitFor();
    await expectAccessible(page);

    // One changed character of the signature, as a scam notice would have: a warning, no facts.
    const forged = target.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
    await page.goto(forged);
    await page
      .getByTestId('verify-result')
      .getByText(/We cannot confirm this notice/)
      .waitFor();
    await expect(page.getByRole('cell', { name: 'BR2001' }).count()).resolves.toBe(0);
    await expectAccessible(page);
    expectNoPageErrors(page);
  });
});
