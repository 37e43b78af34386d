import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildAppeal,
  buildCitation,
  buildOperator,
  buildPass,
  buildProduct,
  buildTenant,
} from '../../../../tests/support/factories';
import { signInOperator } from '../../../../tests/support/sessions';
import { useTestApp } from '../../../../tests/support/test-app';
import { issuedPasses, paymentSessions, subscriptionInvoices, subscriptions } from '../../db/schema';

// The test clock reads 2026-11-20T15:00Z: 10:00 on Friday 20 November in New York (UTC-5 all month
// after summer time ended on 1 November). The range 14–20 November; the period before, 7–13.
const alpha = buildTenant({
  subdomain: 'alpha',
  timezone: 'America/New_York',
  operators: [
    buildOperator({ email: 'admin@alpha.example' }),
    buildOperator({ email: 'officer@alpha.example', role: 'enforcement' }),
  ],
  citations: [
    buildCitation({ citationNumber: 'D20', createdOn: '2026-11-20T06:00:00Z' }),
    // 23:30 on the 19th in New York, though the 20th in UTC.
    buildCitation({ citationNumber: 'D19LATE', createdOn: '2026-11-20T04:30:00Z' }),
    // Midnight opening the 14th: the range's first day.
    buildCitation({ citationNumber: 'D14', createdOn: '2026-11-14T05:00:00Z' }),
    // A minute before: the previous period's last day.
    buildCitation({ citationNumber: 'D13', createdOn: '2026-11-14T04:59:00Z' }),
    buildCitation({ citationNumber: 'D07', createdOn: '2026-11-07T05:00:00Z' }),
    // 23:00 on the 6th: in neither period.
    buildCitation({ citationNumber: 'D06', createdOn: '2026-11-07T04:00:00Z' }),
    buildCitation({
      citationNumber: 'PAID18',
      createdOn: '2026-11-01T14:00:00Z',
      paymentStatus: 'Paid',
      datePaid: '2026-11-18T14:00:00Z',
    }),
    buildCitation({
      citationNumber: 'PAID10',
      createdOn: '2026-11-01T14:00:00Z',
      paymentStatus: 'Paid',
      datePaid: '2026-11-10T14:00:00Z',
    }),
  ],
  appeals: [
    buildAppeal({ citationNumber: 'D20', submissionDate: '2026-11-20T06:30:00Z' }),
    buildAppeal({
      citationNumber: 'D13',
      submissionDate: '2026-11-12T15:00:00Z',
      isPending: false,
      isApproved: false,
      responseDate: '2026-11-16T15:00:00Z',
    }),
  ],
  products: [buildProduct({ name: 'Day pass' })],
  passes: [
    // In force from the 10th to the 17th, 09:00 New York.
    buildPass('Day pass', { issuedOn: '2026-11-10T14:00:00Z', expiresAt: '2026-11-17T14:00:00Z' }),
    // In force from the 19th on; and one waiting, never counted.
    buildPass('Day pass', { issuedOn: '2026-11-19T14:00:00Z', expiresAt: '2026-12-19T14:00:00Z' }),
    buildPass('Day pass', { paidStatus: 'waiting', issuedOn: '2026-11-19T14:00:00Z' }),
  ],
});
const beta = buildTenant({
  subdomain: 'beta',
  operators: [buildOperator({ email: 'admin@beta.example' })],
  citations: [buildCitation({ createdOn: '2026-11-20T06:00:00Z' })],
});
const t = useTestApp({ seed: { tenants: [alpha, beta] } });

async function insertPayment(
  tenantId: string,
  values: { purpose: string; amount: number; fees?: number; status?: string; paidAt: string },
) {
  const [row] = await t.db
    .insert(paymentSessions)
    .values({
      tenantId,
      provider: 'sandbox',
      purpose: values.purpose,
      subjectId: crypto.randomUUID(),
      amount: values.amount,
      processingFee: values.fees ?? 0,
      serviceFee: 0,
      currency: 'usd',
      description: 'test',
      status: (values.status ?? 'paid') as 'paid',
      successUrl: 'http://alpha.localhost/ok',
      cancelUrl: 'http://alpha.localhost/cancel',
      paidAt: new Date(values.paidAt),
    })
    .returning({ id: paymentSessions.id });
  return row!.id;
}

const tokens = { admin: '', officer: '', beta: '' };
beforeAll(async () => {
  tokens.admin = await signInOperator(t, 'alpha', 'admin@alpha.example');
  tokens.officer = await signInOperator(t, 'alpha', 'officer@alpha.example');
  tokens.beta = await signInOperator(t, 'beta', 'admin@beta.example');
  const tenantId = (await t.app.tenants.reload('alpha'))!.id;
  // Notices: 5000 after fees on the 15th; a refunded one never counts; 4000 at 22:30 on the 13th.
  await insertPayment(tenantId, {
    purpose: 'citation',
    amount: 5350,
    fees: 350,
    paidAt: '2026-11-15T12:00:00Z',
  });
  await insertPayment(tenantId, {
    purpose: 'citation',
    amount: 9900,
    status: 'refunded',
    paidAt: '2026-11-16T12:00:00Z',
  });
  await insertPayment(tenantId, { purpose: 'citation', amount: 4000, paidAt: '2026-11-14T03:30:00Z' });
  // Passes: 2000 on the 19th, and a subscription's invoice of 1500 on the 17th (its checkout not counted twice).
  await insertPayment(tenantId, { purpose: 'pass', amount: 2000, paidAt: '2026-11-19T12:00:00Z' });
  const checkout = await insertPayment(tenantId, {
    purpose: 'subscription',
    amount: 1500,
    paidAt: '2026-11-17T12:00:00Z',
  });
  const [subscription] = await t.db
    .insert(subscriptions)
    .values({
      tenantId,
      provider: 'sandbox',
      purpose: 'pass',
      subjectId: crypto.randomUUID(),
      checkoutSessionId: checkout,
      amount: 1500,
      currency: 'usd',
      interval: 'month',
      intervalCount: 1,
      status: 'active',
    })
    .returning({ id: subscriptions.id });
  await t.db.insert(subscriptionInvoices).values({
    provider: 'sandbox',
    providerInvoiceId: 'in_trend_1',
    subscriptionId: subscription!.id,
    amount: 1500,
    periodEnd: new Date('2026-12-17T12:00:00Z'),
    paidAt: new Date('2026-11-17T12:00:00Z'),
  });
  // Sold on the day each was registered.
  const passes = await t.db
    .select({ id: issuedPasses.id, issuedOn: issuedPasses.issuedOn })
    .from(issuedPasses)
    .where(eq(issuedPasses.tenantId, tenantId));
  for (const pass of passes) {
    await t.db
      .update(issuedPasses)
      .set({ createdAt: sql`${pass.issuedOn}` })
      .where(eq(issuedPasses.id, pass.id));
  }
});

const trends = (query: string, authorization = tokens.admin, subdomain = 'alpha') =>
  t.request(subdomain, {
    method: 'GET',
    url: `/api/v1/dashboard/overview/trends${query}`,
    headers: { authorization },
  });

type Day = Record<string, number | string>;
const pick = (days: Day[], key: string) =>
  Object.fromEntries(days.filter((day) => day[key] !== 0).map((day) => [day.date, day[key]]));

describe('GET /dashboard/overview/trends', () => {
  it("counts each day in the tenant's zone, with the period before it beside it", async () => {
    const response = await trends('?from=2026-11-14&to=2026-11-20');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      from: '2026-11-14',
      to: '2026-11-20',
      previousFrom: '2026-11-07',
      previousTo: '2026-11-13',
    });
    expect(body.days.map((day: Day) => day.date)).toEqual([
      '2026-11-14',
      '2026-11-15',
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
    ]);
    expect(pick(body.days, 'noticesIssued')).toEqual({ '2026-11-14': 1, '2026-11-19': 1, '2026-11-20': 1 });
    expect(pick(body.previousDays, 'noticesIssued')).toEqual({ '2026-11-07': 1, '2026-11-13': 1 });
    expect(pick(body.days, 'noticesPaid')).toEqual({ '2026-11-18': 1 });
    expect(pick(body.previousDays, 'noticesPaid')).toEqual({ '2026-11-10': 1 });
    expect(pick(body.days, 'noticeRevenue')).toEqual({ '2026-11-15': 5000 });
    expect(pick(body.previousDays, 'noticeRevenue')).toEqual({ '2026-11-13': 4000 });
    expect(pick(body.days, 'passRevenue')).toEqual({ '2026-11-17': 1500, '2026-11-19': 2000 });
    expect(pick(body.days, 'passesSold')).toEqual({ '2026-11-19': 1 });
    expect(pick(body.previousDays, 'passesSold')).toEqual({ '2026-11-10': 1 });
    // At each day's end (now for today): the first pass until the 17th's 09:00, the second from the 19th.
    expect(pick(body.days, 'passesActive')).toEqual({
      '2026-11-14': 1,
      '2026-11-15': 1,
      '2026-11-16': 1,
      '2026-11-19': 1,
      '2026-11-20': 1,
    });
    expect(pick(body.days, 'appealsReceived')).toEqual({ '2026-11-20': 1 });
    expect(pick(body.previousDays, 'appealsReceived')).toEqual({ '2026-11-12': 1 });
    expect(pick(body.days, 'appealsDecided')).toEqual({ '2026-11-16': 1 });
    expect(body.totals).toEqual({
      noticesIssued: 3,
      noticesPaid: 1,
      noticeRevenue: 5000,
      passRevenue: 3500,
      passesSold: 1,
      passesActive: 1,
      appealsReceived: 1,
      appealsDecided: 1,
    });
    expect(body.previousTotals).toEqual({
      noticesIssued: 2,
      noticesPaid: 1,
      noticeRevenue: 4000,
      passRevenue: 0,
      passesSold: 1,
      passesActive: 1,
      appealsReceived: 1,
      appealsDecided: 0,
    });
    expect(body.weeks).toEqual([
      { start: '2026-11-14', end: '2026-11-20', noticeRevenue: 5000, passRevenue: 3500 },
    ]);
    expect(body.previousWeeks).toEqual([
      { start: '2026-11-07', end: '2026-11-13', noticeRevenue: 4000, passRevenue: 0 },
    ]);
  });

  it('covers the last 30 days to today by default, in weeks of seven days from the first', async () => {
    const body = (await trends('')).json();
    expect(body).toMatchObject({
      from: '2026-10-22',
      to: '2026-11-20',
      previousFrom: '2026-09-22',
      previousTo: '2026-10-21',
    });
    expect(body.days).toHaveLength(30);
    expect(body.previousDays).toHaveLength(30);
    expect(body.weeks.map((week: { start: string; end: string }) => [week.start, week.end])).toEqual([
      ['2026-10-22', '2026-10-28'],
      ['2026-10-29', '2026-11-04'],
      ['2026-11-05', '2026-11-11'],
      ['2026-11-12', '2026-11-18'],
      ['2026-11-19', '2026-11-20'],
    ]);
    // All eight notices were issued from 22 October on.
    expect(body.totals.noticesIssued).toBe(8);
  });

  it('is open to every operator role, and counts only its own tenant', async () => {
    expect((await trends('', tokens.officer)).statusCode).toBe(200);
    const betaView = (await trends('?from=2026-11-20&to=2026-11-20', tokens.beta, 'beta')).json();
    expect(betaView.totals).toMatchObject({
      noticesIssued: 1,
      noticeRevenue: 0,
      passRevenue: 0,
      passesActive: 0,
    });
    expect((await trends('', tokens.beta)).statusCode).toBe(401);
  });

  it('refuses a range backwards, too long or not made of dates with a 400 in plain words', async () => {
    const backwards = await trends('?from=2026-11-20&to=2026-11-14');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe('The end date must be on or after the start date.');
    const tooLong = await trends('?from=2025-01-01&to=2026-11-20');
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('The range can be at most 366 days.');
    expect((await trends('?from=2024-01-01')).json().message).toBe('The range can be at most 366 days.');
    const notADate = await trends('?from=yesterday');
    expect(notADate.statusCode).toBe(400);
    expect(notADate.json().message).toBe('The start date must be a date such as 2026-11-01.');
    expect((await trends('?to=2026-02-30')).statusCode).toBe(400);
  });
});
