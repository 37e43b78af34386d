import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildCitation, buildOperator, buildTenant } from '../../../../tests/support/factories';
import { submitSandboxCheckout } from '../../../../tests/support/sandbox-checkout';
import { signInOperator } from '../../../../tests/support/sessions';
import { TEST_NOW, useTestApp } from '../../../../tests/support/test-app';
import { SANDBOX_RENEWAL_DECLINED_CARD } from '../../adapters/payments/sandbox-subscriptions';
import { emailOutbox, paymentPlanInstalments, paymentPlans, paymentSessions } from '../../db/schema';
import { chargeDueInstalments } from './charge-instalments';

/**
 * Payment plans with the sandbox provider (issue 31, decision 222), on a clock the tests move:
 * the offer and its refusals, the schedule, the first instalment at checkout, the sweep charging
 * the next ones exactly once, failure, retry, grace and default, paying the rest, and a void.
 */
const ids = Object.fromEntries(
  ['P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'SMALL', 'VOIDED', 'N1'].map((number) => [number, randomUUID()]),
) as Record<string, string>;
// A notice of $200 written Nov 10, with a $25 tier from Dec 10 and a $50 one from Jan 9.
const large = (number: string) =>
  buildCitation({
    uuid: ids[number],
    citationNumber: number,
    amount: 20_000,
    lateDays1: 30,
    lateAmount1: 2_500,
    lateDays2: 60,
    lateAmount2: 5_000,
  });
const ADMIN = 'admin@planlot.example';
const PAYER = 'payer@plans.example';

const t = useTestApp({
  seed: {
    tenants: [
      buildTenant({
        subdomain: 'planlot',
        paymentPlanThreshold: 10_000,
        paymentPlanMaxInstalments: 4,
        paymentPlanFee: 150,
        paymentPlanGraceDays: 14,
        citations: [
          ...['P1', 'P2', 'P3', 'P4', 'P5', 'P6'].map(large),
          buildCitation({ uuid: ids.SMALL, citationNumber: 'SMALL', amount: 9_999 }),
          buildCitation({
            uuid: ids.VOIDED,
            citationNumber: 'VOIDED',
            amount: 20_000,
            paymentStatus: 'Void',
          }),
        ],
        operators: [buildOperator({ email: ADMIN, role: 'tenant_admin' })],
      }),
      buildTenant({
        subdomain: 'noplans',
        citations: [buildCitation({ uuid: ids.N1, citationNumber: 'N1', amount: 20_000 })],
      }),
    ],
  },
});

const detail = async (number: string, host = 'planlot') => {
  const response = await t.request(host, { method: 'GET', url: `/api/v1/portal/citation/${ids[number]}` });
  expect(response.statusCode).toBe(200);
  return response.json();
};

const startPlan = (number: string, payload: Record<string, unknown>, host = 'planlot') =>
  t.request(host, {
    method: 'POST',
    url: `/api/v1/portal/payment-plan/citation/${ids[number]}`,
    payload,
  });

/** Pays a sandbox checkout page with `cardNumber`, as the browser's form does. */
async function payCheckout(checkoutURL: string, cardNumber = '4242 4242 4242 4242') {
  const paid = await submitSandboxCheckout(t, 'planlot', checkoutURL, cardNumber);
  expect(paid.statusCode).toBe(303);
}

/** Starts a plan on `number` and pays its first instalment. */
async function planWithFirstPaid(number: string, instalments: number, cardNumber?: string) {
  const response = await startPlan(number, { instalments, email: PAYER });
  expect(response.statusCode).toBe(200);
  await payCheckout(response.json().checkoutURL, cardNumber);
}

const sweep = () => chargeDueInstalments({ db: t.db, gateway: t.app.deps.payments, clock: t.clock });

async function instalmentsOf(number: string) {
  const [plan] = await t.db
    .select()
    .from(paymentPlans)
    .where(and(eq(paymentPlans.citationId, ids[number]!), eq(paymentPlans.status, 'active')));
  const planId =
    plan?.id ??
    (await t.db.select().from(paymentPlans).where(eq(paymentPlans.citationId, ids[number]!)))[0]!.id;
  return t.db
    .select()
    .from(paymentPlanInstalments)
    .where(eq(paymentPlanInstalments.planId, planId))
    .orderBy(paymentPlanInstalments.sequence);
}

/** The public search list's row of `number`, as the list page reads it. */
async function searchRow(number: string) {
  const response = await t.request('planlot', {
    method: 'GET',
    url: `/api/v1/portal/citation/p/blank/n/${number}/o/planlot`,
  });
  expect(response.statusCode).toBe(200);
  const rows = response.json();
  expect(rows).toHaveLength(1);
  return rows[0];
}

const mailsLike = (subject: string) =>
  t.db
    .select({ subject: emailOutbox.subject, content: emailOutbox.content })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, PAYER), like(emailOutbox.subject, subject)));

describe('the offer on the notice page', () => {
  it('offers instalments from the threshold up, with the tenant terms, and not otherwise', async () => {
    t.clock.set(TEST_NOW);
    expect((await detail('P5')).paymentPlanOffer).toEqual({ maxInstalments: 4, fee: 150, graceDays: 14 });
    expect((await detail('P5')).paymentPlan).toBeNull();
    expect((await detail('SMALL')).paymentPlanOffer).toBeNull();
    expect((await detail('VOIDED')).paymentPlanOffer).toBeNull();
    expect((await detail('N1', 'noplans')).paymentPlanOffer).toBeNull();
  });

  it.each([
    ['1 instalment', 'P5', { instalments: 1, email: PAYER }, 'at least 2'],
    ['7 instalments', 'P5', { instalments: 7, email: PAYER }, 'at most 6'],
    ['more than the tenant allows', 'P5', { instalments: 5, email: PAYER }, 'at most 4 instalments'],
    ['no email', 'P5', { instalments: 2 }, 'email'],
    ['a notice under the threshold', 'SMALL', { instalments: 2, email: PAYER }, '$100.00 or more'],
    ['a voided notice', 'VOIDED', { instalments: 2, email: PAYER }, 'no longer be paid'],
  ])('refuses %s with a 400 and writes nothing', async (_name, number, payload, message) => {
    const response = await startPlan(number, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
    expect(await t.db.select().from(paymentPlans).where(eq(paymentPlans.citationId, ids[number]!))).toEqual(
      [],
    );
  });

  it("refuses a tenant without plans (400) and another tenant's notice (404)", async () => {
    expect((await startPlan('N1', { instalments: 2, email: PAYER }, 'noplans')).statusCode).toBe(400);
    expect((await startPlan('N1', { instalments: 2, email: PAYER }, 'planlot')).statusCode).toBe(404);
    expect((await startPlan('P5', { instalments: 2, email: PAYER }, 'noplans')).statusCode).toBe(404);
  });
});

describe('a plan kept to the end', () => {
  it('charges the first instalment at checkout: remainder cents first, the card saved, the notice on a plan', async () => {
    t.clock.set(TEST_NOW);
    const response = await startPlan('P1', { instalments: 3, email: PAYER });
    expect(response.statusCode).toBe(200);
    const [session] = await t.db.select().from(paymentSessions).where(eq(paymentSessions.purpose, 'plan'));
    // $200 + $1.50 fee in 3: 67.18, 67.16, 67.16.
    expect(session).toMatchObject({ amount: 6718, processingFee: 0, serviceFee: 0 });
    // Nothing is in force before the first payment.
    expect((await detail('P1')).paymentPlan).toBeNull();
    await payCheckout(response.json().checkoutURL);
    const rows = await instalmentsOf('P1');
    expect(rows.map((row) => [row.sequence, row.dueOn, row.amount, row.status])).toEqual([
      [1, '2026-11-20', 6718, 'paid'],
      [2, '2026-12-20', 6716, 'due'],
      [3, '2027-01-20', 6716, 'due'],
    ]);
    // Due from the start of the tenant-local date (New York, EST).
    expect(rows[1]!.nextAttemptAt?.toISOString()).toBe('2026-12-20T05:00:00.000Z');
    const notice = await detail('P1');
    expect(notice.paymentPlan).toMatchObject({
      status: 'active',
      instalmentCount: 3,
      noticeAmount: 20_000,
      fee: 150,
      total: 20_150,
      paid: 6718,
      remaining: 13_432,
      nextDueOn: '2026-12-20',
      graceEndsOn: null,
    });
    expect(notice).toMatchObject({
      paymentStatus: 'Open',
      amountDue: 13_432,
      lateFee: 0,
      paymentPlanOffer: null,
    });
    expect(await mailsLike('Receipt: instalment 1 of 3 for notice P1')).toHaveLength(1);
    // One plan at a time.
    expect((await startPlan('P1', { instalments: 2, email: PAYER })).statusCode).toBe(409);
  });

  it('adds no late penalty while the plan is kept', async () => {
    t.clock.set('2026-12-15T15:00:00Z'); // past the Dec 10 tier
    const notice = await detail('P1');
    expect(notice).toMatchObject({ amountDue: 13_432, lateFee: 0 });
    expect(notice.latePenalties.every((step: { isApplied: boolean }) => !step.isApplied)).toBe(true);
  });

  it('shows the plan in the public search list with the amounts of the notice page (decision 236)', async () => {
    t.clock.set('2026-12-15T15:00:00Z'); // past the Dec 10 tier
    const row = await searchRow('P1');
    const notice = await detail('P1');
    // What the page owes, not the full notice with its tier as if no plan existed.
    expect(row).toMatchObject({
      amountDue: notice.amountDue,
      lateFee: 0,
      totalCharge: notice.totalCharge,
      paymentPlan: { status: 'active', paid: 6718, remaining: 13_432, nextDueOn: '2026-12-20' },
    });
    expect(row.amountDue).toBe(13_432);
    // A notice with no plan keeps its tier and no plan.
    expect(await searchRow('P6')).toMatchObject({ amountDue: 22_500, lateFee: 2_500, paymentPlan: null });
  });

  it('says on the first receipt how much of it is the plan fee, and not on the next', async () => {
    const [first] = await mailsLike('Receipt: instalment 1 of 3 for notice P1');
    expect(JSON.stringify(first!.content)).toContain('This includes $1.50 of the plan fee.');
  });

  it('charges the next instalment on its date exactly once under two concurrent sweeps', async () => {
    t.clock.set('2026-12-20T04:59:00Z');
    expect(await sweep()).toBe(0);
    t.clock.set('2026-12-20T06:00:00Z');
    const [a, b] = await Promise.all([sweep(), sweep()]);
    expect(a + b).toBe(1);
    expect(await sweep()).toBe(0);
    expect((await instalmentsOf('P1')).map((row) => row.status)).toEqual(['paid', 'paid', 'due']);
    expect((await detail('P1')).paymentPlan).toMatchObject({
      paid: 13_434,
      remaining: 6716,
      nextDueOn: '2027-01-20',
    });
    const second = await mailsLike('Receipt: instalment 2 of 3 for notice P1');
    expect(second).toHaveLength(1);
    expect(JSON.stringify(second[0]!.content)).not.toContain('plan fee');
  });

  it('pays the notice in full with the last instalment', async () => {
    t.clock.set('2027-01-20T06:00:00Z');
    expect(await sweep()).toBe(1);
    const notice = await detail('P1');
    expect(notice).toMatchObject({ paymentStatus: 'Paid', amountDue: 0, amountPaid: 20_150 });
    expect(notice.paymentPlan).toMatchObject({
      status: 'completed',
      paid: 20_150,
      remaining: 0,
      nextDueOn: null,
    });
    expect(await mailsLike('Receipt: instalment 3 of 3 for notice P1')).toHaveLength(1);
    expect(await sweep()).toBe(0);
  });
});

describe('a failed instalment', () => {
  it('is retried, emailed, and after the grace period the plan ends with the tiers due', async () => {
    t.clock.set(TEST_NOW);
    // Accepted at checkout, declined afterwards, as at Stripe.
    await planWithFirstPaid('P2', 2, SANDBOX_RENEWAL_DECLINED_CARD);
    expect((await instalmentsOf('P2')).map((row) => row.amount)).toEqual([10_075, 10_075]);

    t.clock.set('2026-12-20T06:00:00Z');
    expect(await sweep()).toBe(0);
    let [, second] = await instalmentsOf('P2');
    expect(second).toMatchObject({ status: 'due', attempts: 1, lastFailure: 'Your card was declined.' });
    expect(second!.nextAttemptAt?.toISOString()).toBe('2026-12-23T06:00:00.000Z');
    expect(await mailsLike('We could not charge your instalment for notice P2')).toHaveLength(1);
    let notice = await detail('P2');
    expect(notice.paymentPlan).toMatchObject({ status: 'active', graceEndsOn: '2027-01-03' });
    expect(notice.paymentPlan.instalments[1]).toMatchObject({ status: 'failed', attempts: 1 });

    // The retry three days later fails too; not yet past the grace period.
    t.clock.set('2026-12-23T07:00:00Z');
    expect(await sweep()).toBe(0);
    [, second] = await instalmentsOf('P2');
    expect(second).toMatchObject({ status: 'due', attempts: 2 });
    expect((await detail('P2')).paymentPlan.status).toBe('active');

    // At the end of the grace period the last try fails: the plan ends.
    t.clock.set('2027-01-03T06:00:00Z');
    expect(await sweep()).toBe(0);
    notice = await detail('P2');
    expect(notice.paymentPlan).toMatchObject({ status: 'defaulted', paid: 10_075 });
    expect((await instalmentsOf('P2')).map((row) => row.status)).toEqual(['paid', 'canceled']);
    // $200 + the Dec 10 tier ($25), less what the plan paid towards the notice ($100.75 - $1.50 fee).
    expect(notice).toMatchObject({
      paymentStatus: 'Open',
      amountDue: 12_575,
      lateFee: 2_500,
      paymentPlanOffer: null,
    });
    expect(await mailsLike('Your payment plan for notice P2 has ended')).toHaveLength(1);
    // The list owes what the page owes, and says the plan ended.
    expect(await searchRow('P2')).toMatchObject({
      amountDue: 12_575,
      paymentPlan: { status: 'defaulted', paid: 10_075 },
    });
    // Nothing more is charged.
    t.clock.set('2027-02-01T06:00:00Z');
    expect(await sweep()).toBe(0);

    // The rest is paid through the usual checkout, for what the page shows.
    const checkout = await t.request('planlot', {
      method: 'GET',
      url: `/api/v1/citation/checkout/${ids.P2}/subdomain/planlot`,
    });
    expect(checkout.statusCode).toBe(200);
    const current = await detail('P2');
    await payCheckout(checkout.json().checkoutURL);
    expect(current.amountDue).toBe(17_575); // the Jan 9 tier applies by Feb 1
    expect((await detail('P2')).paymentStatus).toBe('Paid');
  });
});

describe('ending a plan early', () => {
  it('paying the rest in full settles the instalments due and completes the plan', async () => {
    t.clock.set(TEST_NOW);
    await planWithFirstPaid('P3', 4);
    expect((await instalmentsOf('P3')).map((row) => row.amount)).toEqual([5039, 5037, 5037, 5037]);
    t.clock.set('2026-12-01T15:00:00Z');
    expect((await detail('P3')).totalCharge).toBe(15_111);
    const checkout = await t.request('planlot', {
      method: 'GET',
      url: `/api/v1/citation/checkout/${ids.P3}/subdomain/planlot`,
    });
    await payCheckout(checkout.json().checkoutURL);
    const notice = await detail('P3');
    expect(notice).toMatchObject({ paymentStatus: 'Paid', amountPaid: 20_150 });
    expect(notice.paymentPlan).toMatchObject({ status: 'completed', remaining: 0 });
    expect((await instalmentsOf('P3')).map((row) => row.status)).toEqual([
      'paid',
      'paid_off',
      'paid_off',
      'paid_off',
    ]);
    t.clock.set('2027-03-01T06:00:00Z');
    expect(await sweep()).toBe(0);
    // Paid: no second payment in full.
    const again = await t.request('planlot', {
      method: 'GET',
      url: `/api/v1/citation/checkout/${ids.P3}/subdomain/planlot`,
    });
    expect(again.statusCode).toBe(409);
  });

  it('voiding the notice cancels the instalments not yet charged', async () => {
    t.clock.set(TEST_NOW);
    await planWithFirstPaid('P4', 2);
    const authorization = await signInOperator(t, 'planlot', ADMIN);
    const voided = await t.request('planlot', {
      method: 'POST',
      url: `/api/v1/dashboard/notices/${ids.P4}/void`,
      headers: { authorization },
      payload: { reason: 'Signage was missing' },
    });
    expect(voided.statusCode).toBe(200);
    expect(voided.json().paymentPlan).toMatchObject({ status: 'canceled', paid: 10_075 });
    expect((await instalmentsOf('P4')).map((row) => row.status)).toEqual(['paid', 'canceled']);
    t.clock.set('2026-12-20T06:00:00Z');
    expect(await sweep()).toBe(0);
  });

  it('never charges a notice voided by an appeal-less status change since: the sweep ends the plan', async () => {
    t.clock.set(TEST_NOW);
    await planWithFirstPaid('P5', 2);
    const { citations } = await import('../../db/schema');
    await t.db.update(citations).set({ paymentStatus: 'Paid off platform' }).where(eq(citations.id, ids.P5!));
    t.clock.set('2026-12-20T06:00:00Z');
    expect(await sweep()).toBe(0);
    expect((await instalmentsOf('P5')).map((row) => row.status)).toEqual(['paid', 'canceled']);
  });
});

describe('the schedule across a DST change', () => {
  it('dates each instalment from the start of its local day, in standard or daylight time', async () => {
    t.clock.set('2027-02-20T15:00:00Z');
    await planWithFirstPaid('P6', 2);
    const rows = await instalmentsOf('P6');
    // $200 + both tiers ($75) + $1.50 fee.
    expect(rows.map((row) => [row.dueOn, row.amount])).toEqual([
      ['2027-02-20', 13_825],
      ['2027-03-20', 13_825],
    ]);
    expect(rows.map((row) => row.dueAt.toISOString())).toEqual([
      '2027-02-20T05:00:00.000Z',
      '2027-03-20T04:00:00.000Z',
    ]);
  });
});
