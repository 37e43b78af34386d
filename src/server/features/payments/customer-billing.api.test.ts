import { beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildTenant } from '../../../../tests/support/factories';
import { signIn } from '../../../../tests/support/sessions';
import { useTestApp } from '../../../../tests/support/test-app';

const PAT = '5a1e0000-0000-4000-8000-00000000c101';
const SAM = '5a1e0000-0000-4000-8000-00000000c102';
const OTHER = '5a1e0000-0000-4000-8000-00000000c103';
let pat: string;
let other: string;

const t = useTestApp({
  seed: {
    tenants: [
      buildTenant({
        subdomain: 'billa',
        customers: [
          buildCustomer({ uuid: PAT, email: 'pat@example.com' }),
          buildCustomer({ uuid: SAM, email: 'sam@example.com' }),
        ],
      }),
      buildTenant({
        subdomain: 'billb',
        customers: [buildCustomer({ uuid: OTHER, email: 'olive@example.com' })],
      }),
    ],
  },
});
beforeAll(async () => {
  pat = await signIn(t, 'billa', 'pat@example.com');
  other = await signIn(t, 'billb', 'olive@example.com');
});

const get = (host: string | null, url: string, authorization?: string) =>
  t.request(host, { method: 'GET', url, headers: authorization ? { authorization } : {} });

describe('customer billing calls', () => {
  it('lists no cards, opens the portal, adds a card there, and then lists it', async () => {
    const empty = await get('billa', '/api/v1/portal/customer/cards', pat);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual([]);

    const portal = await get('billa', `/api/v1/portal/customer/stripeportal/${PAT}?subdomain=billa`, pat);
    expect(portal.statusCode).toBe(200);
    const url = new URL(portal.json().portalURL);
    expect(url.origin).toBe('http://billa.localhost:3000');
    const page = await t.request('billa', { method: 'GET', url: url.pathname });
    expect(page.body).toContain('href="http://billa.localhost:3000/permits/account"');
    const added = await t.request('billa', {
      method: 'POST',
      url: `${url.pathname}/cards`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'cardNumber=4242424242424242&expiry=12%2F30&cvc=123',
    });
    expect(added.statusCode).toBe(303);

    const cards = await get('billa', '/api/v1/portal/customer/cards', pat);
    expect(cards.json()).toEqual([{ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 }]);
  });

  it('opens the portal through POST /billing/portal too', async () => {
    const response = await t.request('billa', {
      method: 'POST',
      url: '/api/v1/billing/portal',
      headers: { authorization: pat },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().portalURL).toMatch(
      /^http:\/\/billa\.localhost:3000\/sandbox\/portal\/[0-9a-f-]{36}$/,
    );
  });

  it("is a 404 for another account's portal, a 401 without a valid token of this tenant", async () => {
    expect((await get('billa', `/api/v1/portal/customer/stripeportal/${SAM}`, pat)).statusCode).toBe(404);
    expect((await get('billa', '/api/v1/portal/customer/cards')).statusCode).toBe(401);
    expect((await get('billa', '/api/v1/portal/customer/cards', 'Bearer nonsense')).statusCode).toBe(401);
    // Tenant B's token on tenant A's host.
    expect((await get('billa', '/api/v1/portal/customer/cards', other)).statusCode).toBe(401);
    expect((await get('billb', '/api/v1/portal/customer/cards', other)).statusCode).toBe(200);
    expect((await get('billb', '/api/v1/portal/customer/cards', other)).json()).toEqual([]);
  });

  it('is a 400 for a malformed id or subdomain, and a 404 for another tenant named in the query', async () => {
    expect((await get('billa', '/api/v1/portal/customer/stripeportal/nope', pat)).statusCode).toBe(400);
    expect(
      (await get('billa', `/api/v1/portal/customer/stripeportal/${PAT}?subdomain=bad%20one`, pat)).statusCode,
    ).toBe(400);
    expect(
      (await get('billa', `/api/v1/portal/customer/stripeportal/${PAT}?subdomain=billb`, pat)).statusCode,
    ).toBe(404);
  });
});
