import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildProduct, buildTenant } from '../../../../tests/support/factories';
import { submitSandboxCheckout } from '../../../../tests/support/sandbox-checkout';
import { signIn } from '../../../../tests/support/sessions';
import { createTestApp, TEST_NOW, type TestApp } from '../../../../tests/support/test-app';
import { passMessages } from '../../../shared/messages/passes';
import { SANDBOX_RENEWAL_DECLINED_CARD } from '../../adapters/payments/sandbox-subscriptions';
import { emailOutbox, issuedPasses, passProducts, subscriptions, type TenantRow } from '../../db/schema';
import { renewDueSandboxSubscriptions } from '../payments/renew-sandbox-subscriptions';
import { cancelPassRenewal } from './pass-payment';

/**
 * Recurring passes through the payment port's subscriptions (sandbox, on a moved clock): each paid
 * period extends the pass, a failed renewal marks it 'Needs payment' and emails the holder, and
 * cancelling stops renewal at the period's end.
 */
let t: TestApp;
let token: string;
let productId: string;
let tenant: TenantRow;

beforeAll(async () => {
  t = await createTestApp();
  await t.seed({
    tenants: [
      {
        ...buildTenant({ subdomain: 'monthly' }),
        customers: [buildCustomer({ email: 'sub@example.com', fullname: 'Sue Scriber' })],
        products: [
          buildProduct({
            name: 'Monthly garage',
            amount: 9000,
            billingType: 'RECURRING',
            billingPeriod: 'MONTH',
            permitDuration: 1,
            permitDurationUnit: 'MONTH',
          }),
        ],
      },
    ],
  });
  productId = (await t.db.select({ id: passProducts.id }).from(passProducts))[0]!.id;
  tenant = (await t.db.query.tenants.findFirst({ where: (row, { eq }) => eq(row.subdomain, 'monthly') }))!;
});
afterAll(() => t.close());

const sweep = () => renewDueSandboxSubscriptions({ db: t.db, clock: t.clock });
const passOf = async (id: string) =>
  (await t.db.select().from(issuedPasses).where(eq(issuedPasses.id, id)))[0]!;

let vehicleCount = 0;
async function subscribe(cardNumber: string): Promise<string> {
  t.clock.set(TEST_NOW);
  token = await signIn(t, 'monthly', 'sub@example.com', 'Parking#2026');
  const vehicle = await t.request('monthly', {
    method: 'POST',
    url: '/api/v1/portal/permit/vehicle',
    headers: { authorization: token },
    // A saved plate is saved once (a second is a 409): each subscription brings its own car.
    payload: { plate: `SUB ${++vehicleCount}`, state: 'NY', make: 'KIA', model: 'RIO', color: 'RED' },
  });
  const issued = await t.request('monthly', {
    method: 'POST',
    url: '/api/v1/portal/permit/issue',
    headers: { authorization: token },
    payload: {
      permitProductUUID: productId,
      vehicleUUID: vehicle.json().uuid,
      startDate: TEST_NOW,
      holderName: 'Sue',
    },
  });
  expect(issued.json()).toMatchObject({ paidStatus: 'incomplete', outcome: 'payment' });
  const id = issued.json().permitIssuedUUID as string;
  const url = await t.request('monthly', {
    method: 'GET',
    url: `/api/v1/portal/permit/checkout/${id}/subdomain/monthly`,
    headers: { authorization: token },
  });
  expect(url.statusCode).toBe(200);
  const paid = await submitSandboxCheckout(t, 'monthly', url.json().checkoutURL, cardNumber);
  expect(paid.statusCode).toBe(303);
  return id;
}

describe('recurring passes', () => {
  it('is paid by a subscription; each renewal extends expiresAt by one period', async () => {
    const id = await subscribe('4242 4242 4242 4242');
    const pass = await passOf(id);
    expect(pass).toMatchObject({ paidStatus: 'paid', reservedUntil: null });
    expect(pass.subscriptionRef).not.toBeNull();
    expect(pass.expiresAt.toISOString()).toBe('2026-12-20T15:00:00.000Z');

    t.clock.set('2026-12-20T16:00:00.000Z');
    await sweep();
    expect((await passOf(id)).expiresAt.toISOString()).toBe('2027-01-20T15:00:00.000Z');
    const permit = await t.request('monthly', { method: 'GET', url: `/api/v1/portal/customer/permit/${id}` });
    expect(permit.json()).toMatchObject({ status: 'Valid', isRecurring: true });

    // Cancelled: no renewal after the paid period.
    await cancelPassRenewal({
      db: t.db,
      gateway: t.app.deps.payments,
      tenantId: tenant.id,
      passId: id,
      now: t.clock.now(),
    });
    await cancelPassRenewal({
      db: t.db,
      gateway: t.app.deps.payments,
      tenantId: tenant.id,
      passId: id,
      now: t.clock.now(),
    });
    const [subscription] = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, pass.subscriptionRef!));
    expect(subscription?.cancelAtPeriodEnd).toBe(true);
    t.clock.set('2027-01-21T16:00:00.000Z');
    await sweep();
    expect((await passOf(id)).expiresAt.toISOString()).toBe('2027-01-20T15:00:00.000Z');
    await t.db.delete(issuedPasses).where(eq(issuedPasses.id, id));
  });

  it('marks the pass Needs payment when a renewal fails, and emails the holder', async () => {
    const id = await subscribe(SANDBOX_RENEWAL_DECLINED_CARD);
    t.clock.set('2026-12-20T16:00:00.000Z');
    await sweep();
    const pass = await passOf(id);
    expect(pass.paidStatus).toBe('incomplete');
    expect(pass.reservedUntil?.toISOString()).toBe('2026-12-20T15:00:00.000Z');
    const permit = await t.request('monthly', { method: 'GET', url: `/api/v1/portal/customer/permit/${id}` });
    expect(permit.json().status).toBe('Needs payment');
    const emails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'sub@example.com'));
    expect(emails.map((email) => email.subject)).toContain(passMessages.emailPaymentFailedSubject);
    // After the last retry the subscription ends and the unpaid pass expires.
    t.clock.set('2026-12-21T16:00:00.000Z');
    await sweep();
    t.clock.set('2026-12-22T16:00:00.000Z');
    await sweep();
    expect((await passOf(id)).paidStatus).toBe('expired');
  });
});
