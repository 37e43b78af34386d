import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildCustomer, buildTenant } from '../../../../tests/support/factories';
import { TEST_NOW, useTestApp } from '../../../../tests/support/test-app';
import { customers } from '../../db/schema';
import { listCustomerCards, openCustomerPortal } from './customer-billing';

/**
 * The sandbox customer portal, opened through the same service the customer routes will use
 * (GET /portal/customer/stripeportal/{id}); those routes wait for the customer sign-in.
 */
const CUSTOMER = '5a1e0000-0000-4000-8000-00000000c001';

const t = useTestApp({
  seed: {
    tenants: [
      buildTenant({ subdomain: 'portala', customers: [buildCustomer({ uuid: CUSTOMER })] }),
      buildTenant({ subdomain: 'portalb' }),
    ],
  },
});

async function openPortal(): Promise<string> {
  const [customer] = await t.db.select().from(customers).where(eq(customers.id, CUSTOMER));
  const { portalURL } = await openCustomerPortal({
    db: t.db,
    gateway: t.app.deps.payments,
    customer: customer!,
    returnUrl: 'http://portala.localhost:3000/permits/account',
  });
  const url = new URL(portalURL);
  expect(url.origin).toBe('http://portala.localhost:3000');
  return url.pathname;
}

const cardsOf = async () => {
  const [customer] = await t.db.select().from(customers).where(eq(customers.id, CUSTOMER));
  return listCustomerCards({ db: t.db, gateway: t.app.deps.payments, customer: customer! });
};

const post = (host: string, url: string, fields: Record<string, string> = {}) =>
  t.request(host, {
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

describe('the sandbox customer portal', () => {
  it('starts with no cards, adds a test card, lists it, and removes it', async () => {
    expect(await cardsOf()).toEqual([]);
    const path = await openPortal();
    const empty = await t.request('portala', { method: 'GET', url: path });
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain('TEST MODE');
    expect(empty.body).toContain('There are no cards attached to this account.');

    const added = await post('portala', `${path}/cards`, {
      cardNumber: '5555 5555 5555 4444',
      expiry: '08/29',
      cvc: '321',
    });
    expect(added.statusCode).toBe(303);
    expect(await cardsOf()).toEqual([{ brand: 'mastercard', last4: '4444', expMonth: 8, expYear: 2029 }]);
    const listed = await t.request('portala', { method: 'GET', url: path });
    expect(listed.body).toContain('MASTERCARD •••• 4444 expires 08/2029');
    expect(listed.body).toContain('href="http://portala.localhost:3000/permits/account"');

    const cardId = /cards\/([0-9a-f-]{36})\/remove/.exec(listed.body)?.[1];
    expect((await post('portala', `${path}/cards/not-a-card/remove`)).statusCode).toBe(400);
    expect(await cardsOf()).toHaveLength(1);
    expect((await post('portala', `${path}/cards/${cardId}/remove`)).statusCode).toBe(303);
    expect(await cardsOf()).toEqual([]);
  });

  it('keeps one provider customer across portal visits', async () => {
    await openPortal();
    await openPortal();
    const path = await openPortal();
    await post('portala', `${path}/cards`, { cardNumber: '4242424242424242', expiry: '12/30', cvc: '123' });
    expect(await cardsOf()).toHaveLength(1);
  });

  it('refuses a bad or declined card with the form again', async () => {
    const path = await openPortal();
    const bad = await post('portala', `${path}/cards`, { cardNumber: '1234', expiry: '12/30', cvc: '123' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Enter a valid card number');
    const declined = await post('portala', `${path}/cards`, {
      cardNumber: '4000000000000002',
      expiry: '12/30',
      cvc: '123',
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('Your card was declined.');
    expect(await cardsOf()).toHaveLength(1);
  });

  it("is a 404 on another tenant's host and for unknown links, a 400 for malformed ones; a 410 once expired", async () => {
    const path = await openPortal();
    expect((await t.request('portalb', { method: 'GET', url: path })).statusCode).toBe(404);
    expect(
      (
        await post('portalb', `${path}/cards`, {
          cardNumber: '4242424242424242',
          expiry: '12/30',
          cvc: '123',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.request('portala', {
          method: 'GET',
          url: '/sandbox/portal/00000000-0000-4000-8000-000000000000',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.request('portala', { method: 'GET', url: '/sandbox/portal/not-a-uuid' })).statusCode,
    ).toBe(400);
    t.clock.set(new Date(new Date(TEST_NOW).getTime() + 6 * 60_000));
    try {
      const expired = await t.request('portala', { method: 'GET', url: path });
      expect(expired.statusCode).toBe(410);
    } finally {
      t.clock.set(TEST_NOW);
    }
  });
});
