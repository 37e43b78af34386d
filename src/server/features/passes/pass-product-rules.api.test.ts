import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildProduct, buildTenant } from '../../../../tests/support/factories';
import { signIn } from '../../../../tests/support/sessions';
import { useTestApp } from '../../../../tests/support/test-app';
import { passMessages } from '../../../shared/messages/passes';
import { issuedPasses, passProducts } from '../../db/schema';

/**
 * Rules a product holds to (issue 27): a private, sign-in-only portal keeps its catalogue from
 * signed-out visitors, and a product that starts now refuses a chosen start. The test clock is
 * TEST_NOW, Friday 2026-11-20 10:00 in New York.
 */
const t = useTestApp({
  seed: {
    tenants: [
      buildTenant({
        subdomain: 'members',
        isPrivate: true,
        isLoginOnly: true,
        customers: [buildCustomer({ email: 'member@example.com' })],
        products: [buildProduct({ name: 'Members lot' })],
      }),
      buildTenant({
        subdomain: 'open',
        isPrivate: true,
        products: [
          buildProduct({ name: 'Open lot', permitDuration: 2, permitDurationUnit: 'HOUR' }),
          buildProduct({
            name: 'Overnight',
            permitDuration: 14,
            permitDurationUnit: 'HOUR',
            rules: { dailyWindow: { from: '18:00', to: '08:00' } },
          }),
        ],
      }),
    ],
  },
});

const vehicle = { plate: 'RULE1', state: 'NY', make: 'FORD', model: 'FOCUS', color: 'BLUE' };
let openLot: string;
let overnight: string;
beforeAll(async () => {
  const idOf = async (name: string) =>
    (await t.db.select().from(passProducts).where(eq(passProducts.name, name)))[0]!.id;
  openLot = await idOf('Open lot');
  overnight = await idOf('Overnight');
});
const passCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(issuedPasses))[0]!.n;

describe('a private, sign-in-only portal', () => {
  it('shows its catalogue to account holders only', async () => {
    for (const url of [
      '/api/v1/portal/permit/products',
      '/api/v1/portal/permit/products/subdomain/members',
    ]) {
      const signedOut = await t.request('members', { method: 'GET', url });
      expect(signedOut.statusCode).toBe(401);
      expect(signedOut.json()).toEqual({
        code: 'unauthorized',
        message: passMessages.catalogueSignInRequired,
      });
      const authorization = await signIn(t, 'members', 'member@example.com');
      const signedIn = await t.request('members', { method: 'GET', url, headers: { authorization } });
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json().map((product: { name: string }) => product.name)).toEqual(['Members lot']);
    }
  });

  it('a private portal open to sign-up still shows it to guests', async () => {
    const response = await t.request('open', { method: 'GET', url: '/api/v1/portal/permit/products' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveLength(2);
  });
});

/** A free guest checkout on 'open' (its products start now), and the times of the pass it made. */
const checkout = (date: string, permitProductUUID = openLot, plate = 'RULE1') =>
  t.request('open', {
    method: 'POST',
    url: '/api/v1/permits/checkout/guest/free',
    payload: {
      permitProductUUID,
      subdomain: 'open',
      email: 'starter@example.com',
      fullname: 'Stella Starter',
      date,
      vehicle: { ...vehicle, plate },
    },
  });
const timesOf = async (passId: string) => {
  const [pass] = await t.db.select().from(issuedPasses).where(eq(issuedPasses.id, passId));
  return [pass?.issuedOn.toISOString(), pass?.expiresAt.toISOString()];
};

describe('a product that starts now', () => {
  it('refuses a chosen later start with a 400 and writes nothing', async () => {
    const before = await passCount();
    const tomorrow = await checkout('2026-11-21T15:00:00.000Z');
    expect(tomorrow.statusCode).toBe(400);
    expect(tomorrow.json()).toEqual({ code: 'pass_validation', message: passMessages.passStartsNow });
    expect(await passCount()).toBe(before);
  });

  it('sells from now for its duration', async () => {
    const now = await checkout(t.clock.now().toISOString());
    expect(now.statusCode).toBe(200);
    expect(await timesOf(now.json().permitIssuedUUID)).toEqual([
      '2026-11-20T15:00:00.000Z',
      '2026-11-20T17:00:00.000Z',
    ]);
  });
});

describe('a time-of-day product (6 pm to 8 am)', () => {
  it('shows its window in the catalogue', async () => {
    const products = (
      await t.request('open', { method: 'GET', url: '/api/v1/portal/permit/products' })
    ).json();
    expect(products.find((product: { uuid: string }) => product.uuid === overnight)).toMatchObject({
      dailyWindow: { from: '18:00', to: '08:00' },
    });
    expect(products.find((product: { uuid: string }) => product.uuid === openLot).dailyWindow).toBeNull();
  });

  it("sells tonight's window, not 'from now for 14 hours'", async () => {
    const response = await checkout(t.clock.now().toISOString(), overnight, 'NIGHT1');
    expect(response.statusCode).toBe(200);
    // 18:00 EST Friday to 08:00 EST Saturday.
    expect(await timesOf(response.json().permitIssuedUUID)).toEqual([
      '2026-11-20T23:00:00.000Z',
      '2026-11-21T13:00:00.000Z',
    ]);
    // The receipt and the pass detail read the window from the issued permit.
    const issued = await t.request('open', {
      method: 'GET',
      url: `/api/v1/portal/customer/permit/${response.json().permitIssuedUUID}`,
    });
    expect(issued.statusCode).toBe(200);
    expect(issued.json().dailyWindow).toEqual({ from: '18:00', to: '08:00' });
  });
});
