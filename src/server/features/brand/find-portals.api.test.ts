import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant } from '../../../../tests/support/factories';
import { expectPerClientLimit } from '../../../../tests/support/rate-limits';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';

/** A small PORTAL_SEARCH_RATE_LIMIT_PER_CLIENT, so the limit is reached in a few calls. */
const SEARCHES_PER_MINUTE = 3;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    env: {
      TENANT_REDIRECTS: 'moved=https://parking.moved.example',
      PORTAL_SEARCH_RATE_LIMIT_PER_CLIENT: String(SEARCHES_PER_MINUTE),
    },
  });
  await t.seed({
    tenants: [
      buildTenant({
        subdomain: 'harbor',
        brandTitle: 'Harbor City Parking',
        contactEmail: 'secret@harbor.example',
      }),
      buildTenant({ subdomain: 'harborview', brandTitle: 'Harborview Lots' }),
      buildTenant({ subdomain: 'moved', brandTitle: 'Harbor Moved Parking' }),
      buildTenant({ subdomain: 'pct', brandTitle: '100% Parking' }),
    ],
  });
});
afterAll(() => t.close());

/** Each search comes from an address of its own unless one is given: only the limit test shares one. */
let addresses = 0;
const freshAddress = () => `203.0.113.${++addresses}`;

const find = (name: string, ip = freshAddress()) =>
  t.request(null, {
    method: 'GET',
    url: `/api/v1/portal/find?name=${encodeURIComponent(name)}`,
    remoteAddress: ip,
  });

describe('GET /portal/brand/www', () => {
  it("answers the generic brand on a bare host: the spec's title and a black header", async () => {
    const response = await t.request(null, { method: 'GET', url: '/api/v1/portal/brand/www' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      brandTitle: 'VPC Payment Portal',
      brandColor: '000000',
      subdomain: 'www',
    });
  });

  it("is still a 404 on a tenant's host", async () => {
    const response = await t.request('harbor', { method: 'GET', url: '/api/v1/portal/brand/www' });
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /portal/find?name=', () => {
  it("finds portals by part of the operator's name, any case, with only name and address", async () => {
    const response = await find('harbor');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { name: 'Harbor City Parking', url: 'http://harbor.localhost:3000' },
      { name: 'Harbor Moved Parking', url: 'https://parking.moved.example' },
      { name: 'Harborview Lots', url: 'http://harborview.localhost:3000' },
    ]);
    expect(JSON.stringify(response.json())).not.toContain('secret@');
  });

  it('takes % and _ as letters, not wildcards', async () => {
    expect((await find('100%')).json()).toEqual([{ name: '100% Parking', url: 'http://pct.localhost:3000' }]);
    expect((await find('0% p')).json()).toEqual([{ name: '100% Parking', url: 'http://pct.localhost:3000' }]);
    expect((await find('_a')).json()).toEqual([]);
  });

  it('is a 400 with a clear message for a search too short or too long', async () => {
    const short = await find(' h ');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/at least 2 letters/);
    expect((await find('x'.repeat(101))).statusCode).toBe(400);
  });

  it('answers PORTAL_SEARCH_RATE_LIMIT_PER_CLIENT searches per client address a minute, then a 429', async () => {
    expect(t.config.PORTAL_SEARCH_RATE_LIMIT_PER_CLIENT).toBe(SEARCHES_PER_MINUTE);
    const refused = await expectPerClientLimit((ip) => find('harbor', ip), {
      limit: SEARCHES_PER_MINUTE,
      status: 200,
      clients: ['198.51.100.7', '198.51.100.8'],
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
