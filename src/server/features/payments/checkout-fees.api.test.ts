import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { citationOf, openCitationCheckout } from '../../../../tests/support/citation-checkout';
import { buildCitation, buildTenant } from '../../../../tests/support/factories';
import { submitSandboxCheckout } from '../../../../tests/support/sandbox-checkout';
import { stripeEnv, useStripeStandIn } from '../../../../tests/support/stripe-stand-in';
import { useTestApp } from '../../../../tests/support/test-app';
import { loadFixtureDocument } from '../../db/fixtures/loader';
import { paymentSessions, tenants } from '../../db/schema';

// 2.9% + $0.30 processing, $1.95 service: on $40.00 that is $1.46 (116 + 30) and $1.95.
const FEES = { processingFeeBasisPoints: 290, processingFeeFixedCents: 30, serviceFeeCents: 195 };
const seed = {
  tenants: [
    buildTenant({
      subdomain: 'feeful',
      brandTitle: 'Feeful Parking',
      ...FEES,
      citations: [
        buildCitation({ citationNumber: 'F100', amount: 4000 }),
        buildCitation({ citationNumber: 'F101', amount: 1550 }),
        buildCitation({ citationNumber: 'F102', amount: 4000 }),
        buildCitation({ citationNumber: 'FWARN', amount: 0 }),
        buildCitation({ citationNumber: 'FPAID', paymentStatus: 'Paid', datePaid: '2026-11-12T10:00:00Z' }),
      ],
    }),
    buildTenant({
      subdomain: 'feeless',
      citations: [buildCitation({ citationNumber: 'N100', amount: 4000 })],
    }),
    buildTenant({
      subdomain: 'connected',
      stripeAccountId: 'acct_1TestOperator',
      ...FEES,
      citations: [buildCitation({ citationNumber: 'C100', amount: 4000 })],
    }),
  ],
};

describe('fees on notice payments, sandbox provider', () => {
  const t = useTestApp({ seed });

  it('reports the fee lines and the total with the notice', async () => {
    expect(await citationOf(t, 'feeful', 'F100')).toMatchObject({
      amountDue: 4000,
      processingFee: 146,
      serviceFee: 195,
      totalCharge: 4341,
    });
    // 2.9% of $15.50 is 44.95 cents: rounded half up to 45, plus the fixed 30.
    expect(await citationOf(t, 'feeful', 'F101')).toMatchObject({ processingFee: 75, totalCharge: 1820 });
    // Nothing to pay, nothing charged: no fee on a warning or a paid notice.
    for (const number of ['FWARN', 'FPAID'])
      expect(await citationOf(t, 'feeful', number)).toMatchObject({ processingFee: 0, serviceFee: 0 });
    expect(await citationOf(t, 'feeless', 'N100')).toMatchObject({
      processingFee: 0,
      serviceFee: 0,
      totalCharge: 4000,
    });
  });

  it('shows each fee as its own line on the checkout and charges the total into paidTotal', async () => {
    const path = new URL(await openCitationCheckout(t, 'feeful', 'F100')).pathname;
    const page = await t.request('feeful', { method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/Parking notice F100<\/th><td>\$40\.00/);
    expect(page.body).toMatch(/Card processing fee<\/th><td>\$1\.46/);
    expect(page.body).toMatch(/Platform service fee<\/th><td>\$1\.95/);
    expect(page.body).toContain('Pay $43.41');

    const [session] = await t.db
      .select()
      .from(paymentSessions)
      .where(eq(paymentSessions.providerSessionId, path.split('/').pop()!));
    expect(session).toMatchObject({ amount: 4341, processingFee: 146, serviceFee: 195 });

    const paid = await submitSandboxCheckout(t, 'feeful', path);
    expect(paid.statusCode).toBe(303);
    const citation = await citationOf(t, 'feeful', 'F100');
    expect(citation).toMatchObject({ paymentStatus: 'Paid', paidTotal: 4341 });

    const receipt = await t.request('feeful', { method: 'GET', url: new URL(citation.receiptUrl).pathname });
    expect(receipt.body).toMatch(/Card processing fee<\/th><td>\$1\.46/);
    expect(receipt.body).toMatch(/Platform service fee<\/th><td>\$1\.95/);
    expect(receipt.body).toContain('$43.41');
  });

  it('leaves a tenant without fees with one line', async () => {
    const path = new URL(await openCitationCheckout(t, 'feeless', 'N100')).pathname;
    const page = await t.request('feeless', { method: 'GET', url: path });
    expect(page.body).not.toContain('Card processing fee');
    expect(page.body).not.toContain('Platform service fee');
    expect(page.body).toContain('Pay $40.00');
  });

  it('refuses bad fee settings in a fixture, naming the field, and writes nothing', async () => {
    for (const [field, value] of [
      ['processingFeeBasisPoints', 2001],
      ['processingFeeBasisPoints', 2.5],
      ['processingFeeFixedCents', -1],
      ['serviceFeeCents', 100_001],
      ['serviceFeeCents', '195'],
      ['stripeAccountId', 'cus_123'],
      ['stripeAccountId', 'acct_'],
    ] as const) {
      const bad = { tenants: [{ ...buildTenant({ subdomain: 'badfees' }), [field]: value }] };
      await expect(loadFixtureDocument(t.db, bad)).rejects.toThrow(new RegExp(`tenants\\[0\\]\\.${field}`));
    }
    expect(await t.db.select().from(tenants).where(eq(tenants.subdomain, 'badfees'))).toEqual([]);
  });
});

describe('fees on notice payments, Stripe Checkout', () => {
  const stripe = useStripeStandIn();
  const t = useTestApp(() => ({ env: stripeEnv(stripe), seed }));

  it('sends the notice and each fee as separate line items', async () => {
    await openCitationCheckout(t, 'feeful', 'F102');
    const form = stripe.received.at(-1)!.form;
    expect(stripe.received.at(-1)!.path).toBe('/v1/checkout/sessions');
    const lines = [0, 1, 2].map((index) => ({
      name: form.get(`line_items[${index}][price_data][product_data][name]`),
      amount: form.get(`line_items[${index}][price_data][unit_amount]`),
      quantity: form.get(`line_items[${index}][quantity]`),
      currency: form.get(`line_items[${index}][price_data][currency]`),
    }));
    expect(lines).toEqual([
      { name: 'Parking notice F102', amount: '4000', quantity: '1', currency: 'usd' },
      { name: 'Card processing fee', amount: '146', quantity: '1', currency: 'usd' },
      { name: 'Platform service fee', amount: '195', quantity: '1', currency: 'usd' },
    ]);
    expect(form.has('line_items[3][quantity]')).toBe(false);
    // No connected account: the platform keeps the payment, no destination charge.
    expect([...form.keys()].filter((key) => key.startsWith('payment_intent_data'))).toEqual([]);
  });

  it("makes a destination charge to a connected tenant's account, keeping the service fee", async () => {
    await openCitationCheckout(t, 'connected', 'C100');
    const { form, headers } = stripe.received.at(-1)!;
    expect(headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(form.get('payment_intent_data[transfer_data][destination]')).toBe('acct_1TestOperator');
    expect(form.get('payment_intent_data[application_fee_amount]')).toBe('195');
    expect([...form.keys()].filter((key) => key.startsWith('payment_intent_data')).sort()).toEqual([
      'payment_intent_data[application_fee_amount]',
      'payment_intent_data[transfer_data][destination]',
    ]);
    // The payer still sees the same three lines.
    expect(form.get('line_items[2][price_data][unit_amount]')).toBe('195');
  });

  it('sends one line item when the tenant charges no fees', async () => {
    await openCitationCheckout(t, 'feeless', 'N100');
    const form = stripe.received.at(-1)!.form;
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('4000');
    expect(form.has('line_items[1][quantity]')).toBe(false);
  });
});
