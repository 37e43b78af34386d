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
import { paymentSessions, subscriptionInvoices, subscriptions } from '../../db/schema';

// The test clock reads 2026-11-20T15:00Z: 10:00 on Friday 20 November in New York (UTC-5).
const alpha = buildTenant({
  subdomain: 'alpha',
  timezone: 'America/New_York',
  operators: [
    buildOperator({ email: 'admin@alpha.example' }),
    buildOperator({ email: 'staff@alpha.example', role: 'staff' }),
    buildOperator({ email: 'officer@alpha.example', role: 'enforcement' }),
  ],
  citations: [
    buildCitation({ citationNumber: 'TODAY1', createdOn: '2026-11-20T06:00:00Z' }),
    // 23:30 on the 19th in New York, although the 20th in UTC: yesterday.
    buildCitation({ citationNumber: 'LATE19', createdOn: '2026-11-20T04:30:00Z' }),
    buildCitation({
      citationNumber: 'PAIDTODAY',
      createdOn: '2026-11-10T14:00:00Z',
      paymentStatus: 'Paid',
      datePaid: '2026-11-20T14:00:00Z',
    }),
    buildCitation({
      citationNumber: 'PAIDBEFORE',
      createdOn: '2026-11-10T14:00:00Z',
      paymentStatus: 'Paid',
      datePaid: '2026-11-19T14:00:00Z',
    }),
  ],
  appeals: [
    buildAppeal({ citationNumber: 'TODAY1' }),
    buildAppeal({ citationNumber: 'LATE19', isPending: false }),
  ],
  products: [buildProduct({ name: 'Day pass' })],
  passes: [
    buildPass('Day pass'),
    buildPass('Day pass', { paidStatus: 'waiting' }),
    buildPass('Day pass', { issuedOn: '2026-11-18T09:00:00Z', expiresAt: '2026-11-19T09:00:00Z' }),
  ],
});
const beta = buildTenant({
  subdomain: 'beta',
  operators: [buildOperator({ email: 'admin@beta.example' })],
  citations: [buildCitation({ createdOn: '2026-11-20T06:00:00Z' })],
});
const t = useTestApp({ seed: { tenants: [alpha, beta] } });

async function insertPayment(values: {
  purpose: string;
  amount: number;
  processingFee?: number;
  serviceFee?: number;
  status?: 'paid' | 'refunded';
  paidAt: string;
}): Promise<string> {
  const tenant = await t.app.tenants.reload('alpha');
  const [row] = await t.db
    .insert(paymentSessions)
    .values({
      tenantId: tenant?.id ?? '',
      provider: 'sandbox',
      purpose: values.purpose,
      subjectId: crypto.randomUUID(),
      amount: values.amount,
      processingFee: values.processingFee ?? 0,
      serviceFee: values.serviceFee ?? 0,
      currency: 'usd',
      description: 'test',
      status: values.status ?? 'paid',
      successUrl: 'http://alpha.localhost/ok',
      cancelUrl: 'http://alpha.localhost/cancel',
      paidAt: new Date(values.paidAt),
    })
    .returning({ id: paymentSessions.id });
  return row?.id ?? '';
}

const tokens = { admin: '', staff: '', officer: '', betaAdmin: '' };
beforeAll(async () => {
  tokens.admin = await signInOperator(t, 'alpha', 'admin@alpha.example');
  tokens.staff = await signInOperator(t, 'alpha', 'staff@alpha.example');
  tokens.officer = await signInOperator(t, 'alpha', 'officer@alpha.example');
  tokens.betaAdmin = await signInOperator(t, 'beta', 'admin@beta.example');
  // Notices: 5000 after fees in November; one paid on 31 October local time; one refunded.
  await insertPayment({
    purpose: 'citation',
    amount: 5350,
    processingFee: 250,
    serviceFee: 100,
    paidAt: '2026-11-05T12:00:00Z',
  });
  await insertPayment({ purpose: 'citation', amount: 4000, paidAt: '2026-11-01T03:30:00Z' });
  await insertPayment({
    purpose: 'citation',
    amount: 9900,
    status: 'refunded',
    paidAt: '2026-11-06T12:00:00Z',
  });
  // Passes: a one-time pass of 2000 and a subscription invoice of 1500; its checkout is not counted twice.
  await insertPayment({ purpose: 'pass', amount: 2000, paidAt: '2026-11-19T12:00:00Z' });
  const checkout = await insertPayment({
    purpose: 'subscription',
    amount: 1500,
    paidAt: '2026-11-15T12:00:00Z',
  });
  const tenant = await t.app.tenants.reload('alpha');
  const [subscription] = await t.db
    .insert(subscriptions)
    .values({
      tenantId: tenant?.id ?? '',
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
    providerInvoiceId: 'in_test_1',
    subscriptionId: subscription?.id ?? '',
    amount: 1500,
    periodEnd: new Date('2026-12-15T12:00:00Z'),
    paidAt: new Date('2026-11-15T12:00:00Z'),
  });
});

const overview = (authorization: string, subdomain = 'alpha') =>
  t.request(subdomain, { method: 'GET', url: '/api/v1/dashboard/overview', headers: { authorization } });

describe('GET /dashboard/overview', () => {
  it("counts today and this month in the tenant's time zone", async () => {
    const response = await overview(tokens.admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      today: '2026-11-20',
      month: '2026-11',
      noticesIssuedToday: 1,
      noticesPaidToday: 1,
      revenueThisMonth: { notices: 5000, passes: 3500, total: 8500 },
      passesActive: 1,
      waitingApprovals: 1,
      pendingAppeals: 1,
    });
  });

  it('is open to every role of the tenant, and counts only its own tenant', async () => {
    expect((await overview(tokens.staff)).statusCode).toBe(200);
    expect((await overview(tokens.officer)).statusCode).toBe(200);
    const betaView = await overview(tokens.betaAdmin, 'beta');
    expect(betaView.json()).toMatchObject({
      noticesIssuedToday: 1,
      revenueThisMonth: { total: 0 },
      passesActive: 0,
    });
    expect((await overview(tokens.betaAdmin)).statusCode).toBe(401);
    expect((await t.request('alpha', { method: 'GET', url: '/api/v1/dashboard/overview' })).statusCode).toBe(
      401,
    );
  });
});

describe('GET /dashboard/audit', () => {
  const audit = (authorization: string, query = '', subdomain = 'alpha') =>
    t.request(subdomain, {
      method: 'GET',
      url: `/api/v1/dashboard/audit${query}`,
      headers: { authorization },
    });

  beforeAll(async () => {
    // Three changes to read back: two invitations and a settings change.
    for (const email of ['one@alpha.example', 'two@alpha.example']) {
      const invited = await t.request('alpha', {
        method: 'POST',
        url: '/api/v1/dashboard/operators',
        headers: { authorization: tokens.admin },
        payload: { email, fullname: email, role: 'staff' },
      });
      expect(invited.statusCode).toBe(200);
    }
  });

  it('pages newest first by keyset and filters by record kind', async () => {
    const first = await audit(tokens.admin, '?limit=1');
    expect(first.statusCode).toBe(200);
    expect(first.json().entries).toHaveLength(1);
    expect(first.json().entries[0]).toMatchObject({
      action: 'operator.invite',
      actorLabel: 'admin@alpha.example',
    });
    expect(first.json().entries[0].after).toMatchObject({ email: 'two@alpha.example' });
    const cursor = first.json().nextCursor as string;
    expect(cursor).toBeTruthy();
    const second = await audit(tokens.admin, `?limit=1&cursor=${encodeURIComponent(cursor)}`);
    expect(second.json().entries[0].after).toMatchObject({ email: 'one@alpha.example' });
    expect(second.json().nextCursor).toBeNull();
    expect((await audit(tokens.admin, '?entityType=settings')).json()).toEqual({
      entries: [],
      nextCursor: null,
      total: 0,
      isTotalExact: true,
    });
  });

  it('is for tenant admins only, and never shows another tenant', async () => {
    expect((await audit(tokens.staff)).statusCode).toBe(403);
    expect((await audit(tokens.officer)).statusCode).toBe(403);
    expect((await audit(tokens.betaAdmin, '', 'beta')).json().entries).toEqual([]);
  });

  it('refuses a malformed cursor or filter with a 400', async () => {
    expect((await audit(tokens.admin, '?cursor=garbage')).statusCode).toBe(400);
    expect((await audit(tokens.admin, '?entityType=DROP%20TABLE')).statusCode).toBe(400);
    expect((await audit(tokens.admin, '?limit=1000')).statusCode).toBe(400);
  });
});
