import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildCitation,
  buildCustomer,
  buildOperator,
  buildPass,
  buildProduct,
  buildTenant,
  buildVehicle,
} from '../../../../tests/support/factories';
import { signInOperator } from '../../../../tests/support/sessions';
import { stripeEnv, useStripeStandIn } from '../../../../tests/support/stripe-stand-in';
import { type TestApp, useTestApp } from '../../../../tests/support/test-app';
import {
  auditLog,
  customers,
  emailOutbox,
  issuedPasses,
  paymentRefunds,
  paymentSessions,
} from '../../db/schema';

/**
 * Console refunds with a reason, in full or in part (issue 33, decision 224): never above what
 * was paid minus what was already refunded, once under a double click, recorded with the reason,
 * in the audit log and in the customer's email; on the sandbox and on Stripe (its stand-in).
 */
function tenantWith(subdomain: string) {
  const tenantUuid = randomUUID();
  return buildTenant({
    uuid: tenantUuid,
    subdomain,
    customers: [
      buildCustomer({ email: `dana@${subdomain}.example`, fullname: 'Dana Whitfield', language: 'fr' }),
      buildCustomer({ email: `eli@${subdomain}.example`, fullname: 'Eli Moss' }),
    ],
    operators: [
      buildOperator({ email: `admin@${subdomain}.example` }),
      buildOperator({ email: `officer@${subdomain}.example`, role: 'enforcement' }),
    ],
    products: [buildProduct({ name: 'Resident monthly', amount: 4500 })],
    passes: ['810001', '810002', '810003'].map((number) =>
      buildPass('Resident monthly', {
        customerPermitId: number,
        customerEmail: `dana@${subdomain}.example`,
        amount: 4500,
        vehicle: buildVehicle({ plate: `RF${number}` }),
      }),
    ),
    citations: ['RN1', 'RN2'].map((citationNumber) =>
      buildCitation({
        citationNumber,
        amount: 6000,
        paymentStatus: 'Paid',
        datePaid: '2026-11-12T10:00:00Z',
      }),
    ),
  });
}

function harness(t: TestApp, subdomain: string) {
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    tokens.admin = await signInOperator(t, subdomain, `admin@${subdomain}.example`);
    tokens.officer = await signInOperator(t, subdomain, `officer@${subdomain}.example`);
  });
  const call = (who: string, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.request(subdomain, {
      method: payload === undefined ? 'GET' : 'POST',
      url: `/api/v1${url}`,
      headers: { authorization: tokens[who] ?? '', ...headers },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const tenantId = async () => {
    const [row] = await t.db
      .select({ tenantId: issuedPasses.tenantId })
      .from(issuedPasses)
      .where(eq(issuedPasses.customerPermitId, '810001'));
    return row!.tenantId;
  };
  const passId = async (number: string) => {
    const [row] = await t.db
      .select({ id: issuedPasses.id })
      .from(issuedPasses)
      .where(eq(issuedPasses.customerPermitId, number));
    return row!.id;
  };
  const noticeId = async (number: string) => {
    const answer = await call('admin', `/dashboard/notices?q=${number}`);
    return answer.json().items[0].uuid as string;
  };
  /** A paid checkout of the pass or notice, as the payment webhook leaves it. */
  const paid = async (options: {
    purpose: 'pass' | 'citation';
    subjectId: string;
    amount: number;
    paymentId: string;
    customerEmail?: string;
  }) => {
    const [customer] = options.customerEmail
      ? await t.db
          .select({ id: customers.id })
          .from(customers)
          .where(eq(customers.email, options.customerEmail))
      : [];
    await t.db.insert(paymentSessions).values({
      tenantId: await tenantId(),
      provider: t.app.deps.payments.provider,
      providerSessionId: `cs_${options.paymentId}`,
      purpose: options.purpose,
      subjectId: options.subjectId,
      customerId: customer?.id ?? null,
      amount: options.amount,
      currency: 'usd',
      description: 'Refund test',
      status: 'paid',
      successUrl: `https://${subdomain}.example/ok`,
      cancelUrl: `https://${subdomain}.example/cancel`,
      paidAt: new Date('2026-11-20T09:00:00Z'),
      providerPaymentId: options.paymentId,
    });
  };
  const auditOf = (id: string, action: string) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, action)))
      .orderBy(auditLog.createdAt);
  const mailTo = (to: string) =>
    t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)).orderBy(emailOutbox.createdAt);
  return { call, passId, noticeId, paid, auditOf, mailTo };
}

describe('on the sandbox provider', () => {
  const beta = buildTenant({
    subdomain: 'beta',
    operators: [buildOperator({ email: 'admin@beta.example' })],
  });
  const t = useTestApp({ seed: { tenants: [tenantWith('alpha'), beta] } });
  const h = harness(t, 'alpha');

  it('refunds part of a pass with a reason: the pass stays active, the rest stays refundable', async () => {
    const id = await h.passId('810001');
    await h.paid({ purpose: 'pass', subjectId: id, amount: 4500, paymentId: 'sbx_pi_part' });
    const answer = await h.call('admin', `/dashboard/passes/${id}/refund`, {
      amount: 1500,
      reason: 'Closed for three days',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      permit: { paidStatus: 'paid' },
      isRefundable: true,
      refundable: 3000,
    });
    expect(answer.json().payments[0]).toMatchObject({ status: 'paid', refundedAmount: 1500 });
    const [record] = await t.db.select().from(paymentRefunds);
    expect(record).toMatchObject({
      amount: 1500,
      reason: 'Closed for three days',
      createdBy: 'admin@alpha.example',
    });
    const [entry] = await h.auditOf(id, 'pass.refund');
    expect(entry).toMatchObject({
      before: { paidStatus: 'paid', refundable: 4500 },
      after: { paidStatus: 'paid', refundable: 3000, refundAmount: 1500, reason: 'Closed for three days' },
    });

    // Above what is left: a 400 that names the most, and nothing changes.
    const tooMuch = await h.call('admin', `/dashboard/passes/${id}/refund`, {
      amount: 3001,
      reason: 'Again',
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toContain('$30.00');
    expect(await h.auditOf(id, 'pass.refund')).toHaveLength(1);

    // The rest, by default: the pass is canceled as a full refund always did.
    const rest = await h.call('admin', `/dashboard/passes/${id}/refund`, { reason: 'Moved away' });
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toMatchObject({
      permit: { paidStatus: 'canceled' },
      isRefundable: false,
      refundable: 0,
    });
    expect(rest.json().payments[0]).toMatchObject({ status: 'refunded', refundedAmount: 4500 });
    const nothing = await h.call('admin', `/dashboard/passes/${id}/refund`, { reason: 'Once more' });
    expect(nothing.statusCode).toBe(409);
  });

  it('emails the customer in their language with the amount and the reason', async () => {
    const mails = await h.mailTo('dana@alpha.example');
    const refunds = mails.filter((mail) =>
      mail.content.paragraphs.some((p) => p.includes('Closed for three days')),
    );
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.content.language).toBe('fr');
    // A US-dollar tenant: French writes '$ US', since a bare '$' is the Canadian dollar (decision 244).
    expect(refunds[0]!.subject).toMatch(/^Vous avez été remboursé de 15,00\s\$\sUS$/);
    expect(refunds[0]!.content.paragraphs.join('\n')).toContain('Motif : Closed for three days');
    const full = mails.find((mail) => mail.content.paragraphs.some((p) => p.includes('Moved away')));
    expect(full!.content.paragraphs.join('\n')).toContain('Le permis est annulé.');
  });

  it('refunds once under a double click with the same key, and never twice what was paid when keys differ', async () => {
    const id = await h.passId('810002');
    await h.paid({ purpose: 'pass', subjectId: id, amount: 4500, paymentId: 'sbx_pi_double' });
    const key = { 'idempotency-key': 'b3f1d7a2c4e5f60718293a4b5c6d7e8f' };
    const body = { amount: 3000, reason: 'Double click' };
    const [first, second] = await Promise.all([
      h.call('admin', `/dashboard/passes/${id}/refund`, body, key),
      h.call('admin', `/dashboard/passes/${id}/refund`, body, key),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(await h.auditOf(id, 'pass.refund')).toHaveLength(1);
    // Two tabs with their own keys: the row lock lets one through; the other finds too little left.
    const [a, b] = await Promise.all([
      h.call('admin', `/dashboard/passes/${id}/refund`, { amount: 1000, reason: 'Tab A' }),
      h.call('admin', `/dashboard/passes/${id}/refund`, { amount: 1000, reason: 'Tab B' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    const [session] = await t.db.select().from(paymentSessions).where(eq(paymentSessions.subjectId, id));
    expect(session).toMatchObject({ status: 'paid', refundedAmount: 4000 });
  });

  it('refunds part of a notice (it stays paid), then the rest (it is voided); the payer is told', async () => {
    const id = await h.noticeId('RN1');
    await h.paid({
      purpose: 'citation',
      subjectId: id,
      amount: 6300,
      paymentId: 'sbx_pi_notice',
      customerEmail: 'eli@alpha.example',
    });
    const view = await h.call('admin', `/dashboard/notices/${id}`);
    expect(view.json()).toMatchObject({ paid: 6300, refundable: 6300 });
    const part = await h.call('admin', `/dashboard/notices/${id}/refund`, {
      amount: 300,
      reason: 'Card fee waived',
    });
    expect(part.statusCode).toBe(200);
    expect(part.json()).toMatchObject({ citation: { paymentStatus: 'Paid' }, refundable: 6000 });
    const rest = await h.call('admin', `/dashboard/notices/${id}/refund`, { reason: 'Sign was missing' });
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toMatchObject({ citation: { paymentStatus: 'Void' }, refundable: 0 });
    const entries = await h.auditOf(id, 'notice.refund');
    expect(entries.map((entry) => entry.after)).toMatchObject([
      { paymentStatus: 'Paid', refundAmount: 300, reason: 'Card fee waived' },
      { paymentStatus: 'Void', refundAmount: 6000, reason: 'Sign was missing' },
    ]);
    const mails = await h.mailTo('eli@alpha.example');
    expect(mails.map((mail) => mail.subject)).toEqual([
      'You have been refunded $3.00',
      'You have been refunded $60.00',
    ]);
    expect(mails[1]!.content.paragraphs).toContain('Reason: Sign was missing');
    expect(mails[1]!.content.paragraphs).toContain('The notice is voided: there is nothing to pay.');
  });

  it('refuses a refund without a reason, of nothing paid, by an officer, and of another tenant', async () => {
    const id = await h.noticeId('RN2');
    const noReason = await h.call('admin', `/dashboard/notices/${id}/refund`, { amount: 100 });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe('Say why you are refunding.');
    expect((await h.call('admin', `/dashboard/notices/${id}/refund`, { reason: 'x' })).statusCode).toBe(409);
    expect((await h.call('officer', `/dashboard/notices/${id}/refund`, { reason: 'x' })).statusCode).toBe(
      403,
    );
    // Tenant B's admin, on B's host, does not find A's pass or notice.
    const pass = await h.passId('810003');
    await h.paid({ purpose: 'pass', subjectId: pass, amount: 4500, paymentId: 'sbx_pi_wall' });
    const betaToken = await signInOperator(t, 'beta', 'admin@beta.example');
    for (const url of [`/dashboard/passes/${pass}/refund`, `/dashboard/notices/${id}/refund`]) {
      const answer = await t.request('beta', {
        method: 'POST',
        url: `/api/v1${url}`,
        headers: { authorization: betaToken },
        payload: { reason: 'Not mine' },
      });
      expect(answer.statusCode, url).toBe(404);
    }
    const [session] = await t.db.select().from(paymentSessions).where(eq(paymentSessions.subjectId, pass));
    expect(session).toMatchObject({ status: 'paid', refundedAmount: 0 });
  });
});

describe('on Stripe (its stand-in)', () => {
  const stripe = useStripeStandIn();
  const t = useTestApp(() => ({ env: stripeEnv(stripe), seed: { tenants: [tenantWith('gamma')] } }));
  const h = harness(t, 'gamma');

  it('sends the amount to refunds.create, and the provider refuses more than is left of the charge', async () => {
    const id = await h.passId('810001');
    await h.paid({ purpose: 'pass', subjectId: id, amount: 4500, paymentId: 'pi_stripe_part' });
    stripe.charge('pi_stripe_part', 4500);
    const answer = await h.call('admin', `/dashboard/passes/${id}/refund`, {
      amount: 2000,
      reason: 'Goodwill',
    });
    expect(answer.statusCode).toBe(200);
    const sent = stripe.received.filter((request) => request.path === '/v1/refunds');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.form.get('amount')).toBe('2000');
    expect(sent[0]!.form.get('payment_intent')).toBe('pi_stripe_part');
    expect(stripe.unrefunded('pi_stripe_part')).toBe(2500);

    // Refunded meanwhile in Stripe's dashboard: Stripe refuses, nothing is recorded, a 502 says why.
    stripe.charge('pi_stripe_part', 1000);
    const refused = await h.call('admin', `/dashboard/passes/${id}/refund`, { amount: 2500, reason: 'Rest' });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toContain('greater than unrefunded amount');
    const [session] = await t.db.select().from(paymentSessions).where(eq(paymentSessions.subjectId, id));
    expect(session).toMatchObject({ status: 'paid', refundedAmount: 2000 });
    expect(await h.auditOf(id, 'pass.refund')).toHaveLength(1);
  });
});
