import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildCitation, buildCitations, buildTenant } from '../../../../tests/support/factories';
import { TEST_NOW, useTestApp } from '../../../../tests/support/test-app';
import { paymentSessions } from '../../db/schema';

const t = useTestApp({
  seed: {
    tenants: [
      buildTenant({
        subdomain: 'alpha',
        brandTitle: 'Alpha Parking',
        citations: [
          buildCitation({ citationNumber: 'P100', amount: 4000 }),
          buildCitation({
            citationNumber: 'P101',
            amount: 5000,
            createdOn: '2026-10-01T12:00:00Z',
            lateDays1: 14,
            lateAmount1: 1500,
          }),
          buildCitation({ citationNumber: 'P102', amount: 2500, amountOverride: 1000 }),
          ...buildCitations(['P103', 'P104', 'P105', 'P106'], { amount: 3000 }),
          buildCitation({ citationNumber: 'PAID1', paymentStatus: 'Paid', datePaid: '2026-11-12T10:00:00Z' }),
          buildCitation({
            citationNumber: 'OFF1',
            paymentStatus: 'Paid off platform',
            datePaid: '2026-11-12T10:00:00Z',
          }),
          buildCitation({ citationNumber: 'VOID1', paymentStatus: 'Void', voidDate: '2026-11-12T10:00:00Z' }),
          buildCitation({ citationNumber: 'ARCH1', paymentStatus: 'Archived' }),
          buildCitation({ citationNumber: 'WARN1', amount: 0 }),
        ],
      }),
      buildTenant({
        subdomain: 'beta',
        citations: [buildCitation({ citationNumber: 'B100', amount: 7000 })],
      }),
    ],
  },
});

async function citationOf(subdomain: string, number: string) {
  const response = await t.request(subdomain, {
    method: 'GET',
    url: `/api/v1/portal/citation/p/blank/n/${number}/o/${subdomain}`,
  });
  return response.json()[0];
}

const checkout = (host: string | null, uuid: string, subdomain: string) =>
  t.request(host, { method: 'GET', url: `/api/v1/citation/checkout/${uuid}/subdomain/${subdomain}` });

/** Opens a checkout and answers the sandbox page's path on the tenant's host. */
async function openCheckout(subdomain: string, number: string): Promise<string> {
  const citation = await citationOf(subdomain, number);
  const response = await checkout(subdomain, citation.uuid, subdomain);
  expect(response.statusCode).toBe(200);
  const url = new URL(response.json().checkoutURL);
  expect(url.origin).toBe(`http://${subdomain}.localhost:3000`);
  return url.pathname;
}

const pay = (subdomain: string, path: string, fields: Record<string, string>) =>
  t.request(subdomain, {
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };

describe('GET /citation/checkout/{uuid}/subdomain/{subdomain} with the sandbox provider', () => {
  it('opens a checkout for the amount due, late penalties included, on a branded test page', async () => {
    const path = await openCheckout('alpha', 'P101');
    expect(path).toMatch(/^\/sandbox\/checkout\/sbx_cs_[0-9a-f]{24}$/);
    const page = await t.request('alpha', { method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('TEST MODE');
    expect(page.body).toContain('Alpha Parking: Parking notice P101');
    expect(page.body).toContain('$65.00');
    // Styles carry the CSP nonce of this very response.
    const nonce = /style-src[^;]*'nonce-([^']+)'/.exec(String(page.headers['content-security-policy']))?.[1];
    expect(page.body).toContain(`<style nonce="${nonce}">`);
  });

  it('charges the override when one is in force', async () => {
    const page = await t.request('alpha', { method: 'GET', url: await openCheckout('alpha', 'P102') });
    expect(page.body).toContain('$10.00');
  });

  it('pays a notice: the test card redirects back and the notice reads Paid, once', async () => {
    const path = await openCheckout('alpha', 'P100');
    const paid = await pay('alpha', path, GOOD_CARD);
    expect(paid.statusCode).toBe(303);
    const citation = await citationOf('alpha', 'P100');
    expect(paid.headers.location).toBe(
      `http://alpha.localhost:3000/citations/${citation.uuid}?checkout=success`,
    );
    expect(citation).toMatchObject({ paymentStatus: 'Paid', datePaid: TEST_NOW, paidTotal: 4000 });

    // The notice links its itemised receipt, served on the tenant's host.
    const receiptUrl = new URL(citation.receiptUrl);
    expect(receiptUrl.origin).toBe('http://alpha.localhost:3000');
    expect(receiptUrl.pathname).toBe(path.replace('/checkout/', '/receipt/'));
    const receipt = await t.request('alpha', { method: 'GET', url: receiptUrl.pathname });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.body).toContain('Payment receipt');
    expect(receipt.body).toContain('Parking notice P100');
    expect(receipt.body).toContain('$40.00');
    expect(receipt.body).toContain('Nov 20, 2026 10:00 AM');
    expect(receipt.body).toMatch(/sbx_pi_[0-9a-f]{24}/);
    expect((await t.request('beta', { method: 'GET', url: receiptUrl.pathname })).statusCode).toBe(404);

    // A second press of Pay (a double submit) is refused and nothing is paid twice.
    const again = await pay('alpha', path, GOOD_CARD);
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('This checkout has already been paid.');
    expect((await citationOf('alpha', 'P100')).paidTotal).toBe(4000);
    // And the notice can no longer be checked out.
    expect((await checkout('alpha', citation.uuid, 'alpha')).statusCode).toBe(409);
  });

  it('keeps the first payment when two checkouts of one notice are both paid', async () => {
    const first = await openCheckout('alpha', 'P103');
    const second = await openCheckout('alpha', 'P103');
    expect(first).not.toBe(second);
    expect((await pay('alpha', first, GOOD_CARD)).statusCode).toBe(303);
    expect((await pay('alpha', second, GOOD_CARD)).statusCode).toBe(303);
    const citation = await citationOf('alpha', 'P103');
    expect(citation).toMatchObject({ paymentStatus: 'Paid', paidTotal: 3000 });
    // The second payment is given back and recorded; its receipt says so.
    const sessions = await t.db
      .select()
      .from(paymentSessions)
      .where(eq(paymentSessions.subjectId, citation.uuid));
    expect(sessions.map((session) => session.status).sort()).toEqual(['paid', 'refunded']);
    expect(sessions.find((session) => session.status === 'refunded')?.refundId).toMatch(/^sbx_re_/);
    const receipt = await t.request('alpha', {
      method: 'GET',
      url: second.replace('/checkout/', '/receipt/'),
    });
    expect(receipt.body).toContain('Refunded on');
    expect(citation.receiptUrl).toContain(first.replace('/checkout/', '/receipt/'));
  });

  it('declines the decline test card and leaves the notice open', async () => {
    const path = await openCheckout('alpha', 'P104');
    const declined = await pay('alpha', path, { ...GOOD_CARD, cardNumber: '4000 0000 0000 0002' });
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('Your card was declined.');
    expect(declined.body).toContain('value="4000 0000 0000 0002"');
    expect((await citationOf('alpha', 'P104')).paymentStatus).toBe('Open');
  });

  it.each([
    ['a bad card number', { ...GOOD_CARD, cardNumber: '1234' }],
    ['no fields at all', {}],
    ['a 10 kB card number', { ...GOOD_CARD, cardNumber: '4'.repeat(3000) }],
  ])('answers %s with the form again, nothing paid', async (_label, fields) => {
    const path = await openCheckout('alpha', 'P105');
    const response = await pay('alpha', path, fields);
    expect([400, 413]).toContain(response.statusCode);
    expect((await citationOf('alpha', 'P105')).paymentStatus).toBe('Open');
  });

  it('escapes what the payer typed back into the page', async () => {
    const path = await openCheckout('alpha', 'P105');
    const response = await pay('alpha', path, { ...GOOD_CARD, cardNumber: '"><script>alert(1)</script>' });
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toContain('<script>alert(1)</script>');
  });

  it('closes a checkout after 24 hours', async () => {
    const path = await openCheckout('alpha', 'P106');
    t.clock.set(new Date(new Date(TEST_NOW).getTime() + 25 * 3_600_000));
    try {
      const page = await t.request('alpha', { method: 'GET', url: path });
      expect(page.body).toContain('This checkout can no longer be paid.');
      expect((await pay('alpha', path, GOOD_CARD)).statusCode).toBe(409);
      expect((await citationOf('alpha', 'P106')).paymentStatus).toBe('Open');
    } finally {
      t.clock.set(TEST_NOW);
    }
  });

  it.each(['PAID1', 'OFF1', 'VOID1', 'ARCH1', 'WARN1'])(
    'refuses to check out %s with a 409',
    async (number) => {
      const citation = await citationOf('alpha', number);
      const response = await checkout('alpha', citation.uuid, 'alpha');
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ code: 'not_payable', message: 'This citation is no longer valid.' });
    },
  );

  it("is a 404 for tenant A's notice through tenant B, and 200 through A", async () => {
    const citation = await citationOf('alpha', 'P105');
    expect((await checkout('beta', citation.uuid, 'beta')).statusCode).toBe(404);
    expect((await checkout(null, citation.uuid, 'beta')).statusCode).toBe(404);
    expect((await checkout('beta', citation.uuid, 'alpha')).statusCode).toBe(404);
    expect((await checkout('alpha', citation.uuid, 'alpha')).statusCode).toBe(200);
    expect((await checkout(null, citation.uuid, 'alpha')).statusCode).toBe(200);
  });

  it("does not show or take payment for tenant A's checkout on tenant B's host", async () => {
    const path = await openCheckout('alpha', 'P105');
    expect((await t.request('beta', { method: 'GET', url: path })).statusCode).toBe(404);
    expect((await pay('beta', path, GOOD_CARD)).statusCode).toBe(404);
    expect((await t.request(null, { method: 'GET', url: path })).statusCode).toBe(404);
    expect((await citationOf('alpha', 'P105')).paymentStatus).toBe('Open');
  });

  it('has no receipt for a checkout that was not paid', async () => {
    const path = await openCheckout('alpha', 'P105');
    expect(
      (await t.request('alpha', { method: 'GET', url: path.replace('/checkout/', '/receipt/') })).statusCode,
    ).toBe(404);
  });

  it('is a 404 for an unknown notice or sandbox session, a 400 for malformed input', async () => {
    const unknown = await checkout('alpha', '00000000-0000-4000-8000-000000000000', 'alpha');
    expect(unknown.statusCode).toBe(404);
    expect(
      (await t.request('alpha', { method: 'GET', url: '/sandbox/checkout/sbx_cs_000000000000000000000000' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.request('alpha', { method: 'GET', url: '/sandbox/checkout/sbx_cs_nope' })).statusCode,
    ).toBe(400);
    const badUuid = await checkout('alpha', 'not-a-uuid', 'alpha');
    expect(badUuid.statusCode).toBe(400);
    expect(badUuid.json()).toMatchObject({ code: 'bad_request' });
    expect((await checkout(null, '00000000-0000-4000-8000-000000000000', 'bad%20tenant!')).statusCode).toBe(
      400,
    );
  });
});
