import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { citationOf, openCitationCheckout } from '../../../../tests/support/citation-checkout';
import {
  buildCitation,
  buildOperator,
  buildPass,
  buildProduct,
  buildTenant,
} from '../../../../tests/support/factories';
import { signInOperator } from '../../../../tests/support/sessions';
import { stripeEnv, useStripeStandIn } from '../../../../tests/support/stripe-stand-in';
import { type TestApp, useTestApp } from '../../../../tests/support/test-app';
import { loadFixtureDocument } from '../../db/fixtures/loader';
import { auditLog, issuedPasses, passProducts, paymentSessions, tenants } from '../../db/schema';

// The tenant's currency (issue 30, decision 244): a Canadian operator, and one left in US dollars.
const seed = {
  tenants: [
    buildTenant({
      subdomain: 'maple',
      brandTitle: 'Maple Parking',
      currency: 'cad',
      operators: [
        buildOperator({ email: 'admin@maple.example' }),
        buildOperator({ email: 'staff@maple.example', role: 'staff' }),
      ],
      citations: [
        buildCitation({ citationNumber: 'M100', amount: 4000 }),
        buildCitation({ citationNumber: 'M101', amount: 123450 }),
      ],
    }),
    buildTenant({
      subdomain: 'plain',
      operators: [
        buildOperator({ email: 'admin@plain.example' }),
        buildOperator({ email: 'staff@plain.example', role: 'staff' }),
      ],
      products: [buildProduct({ name: 'Monthly', amount: 5000 })],
      passes: [buildPass('Monthly', { amount: 5000 })],
    }),
  ],
};

/** The sandbox checkout page's path for paying a notice. */
async function openCheckout(t: TestApp, subdomain: string, number: string): Promise<string> {
  return new URL(await openCitationCheckout(t, subdomain, number)).pathname;
}

async function tenantRow(t: TestApp, subdomain: string) {
  const [row] = await t.db.select().from(tenants).where(eq(tenants.subdomain, subdomain));
  if (!row) throw new Error(`${subdomain} missing`);
  return row;
}

describe("a tenant's currency", () => {
  const t = useTestApp({ seed });
  const tokens = { mapleAdmin: '', plainAdmin: '', plainStaff: '' };
  beforeAll(async () => {
    tokens.mapleAdmin = await signInOperator(t, 'maple', 'admin@maple.example');
    tokens.plainAdmin = await signInOperator(t, 'plain', 'admin@plain.example');
    tokens.plainStaff = await signInOperator(t, 'plain', 'staff@plain.example');
  });

  const settingsOf = async (subdomain: string, authorization: string) => {
    const response = await t.request(subdomain, {
      method: 'GET',
      url: '/api/v1/dashboard/settings',
      headers: { authorization },
    });
    const { logoVersion: _v, serviceFeeCents: _f, subdomain: _s, ...body } = response.json();
    return body as Record<string, unknown>;
  };
  const putSettings = (
    subdomain: string,
    authorization: string,
    payload: Record<string, unknown>,
    language?: string,
  ) =>
    t.request(subdomain, {
      method: 'PUT',
      url: '/api/v1/dashboard/settings',
      headers: { authorization, ...(language ? { 'accept-language': language } : {}) },
      payload,
    });

  it('is on the brand the portal receives, US dollars unless set', async () => {
    const maple = await t.request('maple', { method: 'GET', url: '/api/v1/portal/brand/maple' });
    expect(maple.json().currency).toBe('cad');
    const plain = await t.request('plain', { method: 'GET', url: '/api/v1/portal/brand/plain' });
    expect(plain.json().currency).toBe('usd');
  });

  it('is what a sandbox checkout shows, records and is paid in', async () => {
    const path = await openCheckout(t, 'maple', 'M100');
    const english = await t.request('maple', { method: 'GET', url: path });
    expect(english.statusCode).toBe(200);
    expect(english.body).toContain('Pay CA$40.00');
    // A French reader of a Canadian operator reads Canadian dollars as '$'.
    const french = await t.request('maple', {
      method: 'GET',
      url: path,
      headers: { 'accept-language': 'fr' },
    });
    expect(french.body).toContain('40,00\u00a0$<');
    const [session] = await t.db
      .select()
      .from(paymentSessions)
      .where(eq(paymentSessions.providerSessionId, path.split('/').pop()!));
    expect(session).toMatchObject({ amount: 4000, currency: 'cad', status: 'open' });

    const paid = await t.request('maple', {
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        cardNumber: '4242 4242 4242 4242',
        expiry: '12/30',
        cvc: '123',
      }).toString(),
    });
    expect(paid.statusCode).toBe(303);
    const citation = await citationOf(t, 'maple', 'M100');
    expect(citation).toMatchObject({ paymentStatus: 'Paid', paidTotal: 4000 });
    const receipt = await t.request('maple', { method: 'GET', url: new URL(citation.receiptUrl).pathname });
    expect(receipt.body).toContain('CA$40.00');
  });

  it('is written for the reader’s language on the checkout', async () => {
    const path = await openCheckout(t, 'maple', 'M101');
    const spanish = await t.request('maple', {
      method: 'GET',
      url: path,
      headers: { 'accept-language': 'es' },
    });
    expect(spanish.body).toContain('CAD\u00a01,234.50');
  });

  it('cannot change once payments were taken in it: a 400 with a sentence, and nothing written', async () => {
    const before = await tenantRow(t, 'maple');
    const body = await settingsOf('maple', tokens.mapleAdmin);
    const refused = await putSettings('maple', tokens.mapleAdmin, { ...body, currency: 'usd' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'The currency cannot change once payments have been taken in it: amounts already paid would read in the wrong currency.',
    );
    expect(await tenantRow(t, 'maple')).toEqual(before);
  });

  it('is changed by admins only, audited, and moves the products and passes with it', async () => {
    const body = await settingsOf('plain', tokens.plainAdmin);
    expect(body.currency).toBe('usd');
    const before = await tenantRow(t, 'plain');
    const byStaff = await putSettings('plain', tokens.plainStaff, { ...body, currency: 'eur' });
    expect(byStaff.statusCode).toBe(403);
    expect(await tenantRow(t, 'plain')).toEqual(before);

    const changed = await putSettings('plain', tokens.plainAdmin, { ...body, currency: 'eur' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().currency).toBe('eur');
    const brand = await t.request('plain', { method: 'GET', url: '/api/v1/portal/brand/plain' });
    expect(brand.json().currency).toBe('eur');
    const plainId = before.id;
    const products = await t.db.select().from(passProducts).where(eq(passProducts.tenantId, plainId));
    expect(products.map((product) => product.currency)).toEqual(['eur']);
    const passes = await t.db.select().from(issuedPasses).where(eq(issuedPasses.tenantId, plainId));
    expect(passes.map((pass) => pass.currency)).toEqual(['eur']);
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.tenantId, plainId));
    expect(entries.at(-1)).toMatchObject({
      action: 'settings.update',
      before: { currency: 'usd' },
      after: { currency: 'eur' },
    });
  });

  it('refuses an unknown currency with a 400 in the caller’s language, and writes nothing', async () => {
    const body = await settingsOf('plain', tokens.plainAdmin);
    const before = await tenantRow(t, 'plain');
    const auditBefore = (await t.db.select().from(auditLog)).length;
    for (const currency of ['jpy', 'USD', 'dollars', 42, null]) {
      const response = await putSettings('plain', tokens.plainAdmin, { ...body, currency });
      expect(response.statusCode, String(currency)).toBe(400);
      expect(response.json().message, String(currency)).toContain(
        'Choose one of the currencies offered: USD, CAD, EUR, GBP, MXN or AUD.',
      );
    }
    const french = await putSettings('plain', tokens.plainAdmin, { ...body, currency: 'jpy' }, 'fr');
    expect(french.json().message).toContain('Choisissez l’une des devises offertes');
    expect(await tenantRow(t, 'plain')).toEqual(before);
    expect((await t.db.select().from(auditLog)).length).toBe(auditBefore);
  });

  it('is refused in a fixture when it is not one the payment adapters support', async () => {
    const bad = { tenants: [{ ...buildTenant({ subdomain: 'yen' }), currency: 'jpy' }] };
    await expect(loadFixtureDocument(t.db, bad)).rejects.toThrow(/tenants\[0\]\.currency/);
    expect(await t.db.select().from(tenants).where(eq(tenants.subdomain, 'yen'))).toEqual([]);
  });
});

describe("a tenant's currency at Stripe", () => {
  const stripe = useStripeStandIn();
  const t = useTestApp(() => ({ env: stripeEnv(stripe), seed }));

  it('is the currency of every line item of its checkout', async () => {
    await openCheckout(t, 'maple', 'M100');
    const form = stripe.received.at(-1)!.form;
    expect(form.get('line_items[0][price_data][currency]')).toBe('cad');
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('4000');
  });
});
