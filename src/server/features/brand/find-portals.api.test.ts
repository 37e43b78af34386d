import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant } from '../../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { TENANT_REDIRECTS: 'moved=https://parking.moved.example' } });
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

const find = (name: string, ip = '203.0.113.1') =>
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

  it('limits searches per client', async () => {
    const ip = '198.51.100.7';
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) statuses.push((await find('harbor', ip)).statusCode);
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    // Another client is not affected.
    expect((await find('harbor', '198.51.100.8')).statusCode).toBe(200);
  });
});
