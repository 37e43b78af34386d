import { describe, expect, it } from 'vitest';
import { buildTenant } from '../../../../tests/support/factories';
import { useTestApp } from '../../../../tests/support/test-app';

const t = useTestApp({
  seed: {
    tenants: [
      buildTenant({
        subdomain: 'brandy',
        brandTitle: 'Brandy Lots',
        brandColor: 'f2c94c',
        isPrivate: true,
        isLoginOnly: true,
      }),
      buildTenant({ subdomain: 'other' }),
    ],
  },
});

describe('GET /portal/brand/{subdomain}', () => {
  it('answers the Brand details with the spec field names', async () => {
    const response = await t.request(null, { method: 'GET', url: '/api/v1/portal/brand/brandy' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      brandColor: 'F2C94C',
      brandTitle: 'Brandy Lots',
      subdomain: 'brandy',
      entityUUID: expect.stringMatching(/^[0-9a-f-]{36}$/),
      isPrivate: true,
      isLoginOnly: true,
      isCitationOnly: false,
      isPermitOnly: false,
      timezone: 'America/New_York',
    });
  });

  it('is case-insensitive in the subdomain', async () => {
    expect((await t.request(null, { method: 'GET', url: '/api/v1/portal/brand/BRANDY' })).statusCode).toBe(
      200,
    );
  });

  it('is a 404 for an unknown tenant and for another tenant on a tenant host', async () => {
    expect((await t.request(null, { method: 'GET', url: '/api/v1/portal/brand/unknown' })).statusCode).toBe(
      404,
    );
    expect((await t.request('other', { method: 'GET', url: '/api/v1/portal/brand/brandy' })).statusCode).toBe(
      404,
    );
    expect(
      (await t.request('brandy', { method: 'GET', url: '/api/v1/portal/brand/brandy' })).statusCode,
    ).toBe(200);
  });

  it('is a 400 for a subdomain of 10 kB', async () => {
    const response = await t.request(null, {
      method: 'GET',
      url: `/api/v1/portal/brand/${'a'.repeat(10_240)}`,
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('API basics', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.request('brandy', { method: 'GET', url: '/api/v1/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found' });
  });

  it('serves the OpenAPI document generated from the contract', async () => {
    const response = await t.request(null, { method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toContain('/api/v1/portal/brand/{subdomain}');
    expect(paths).toContain('/api/v1/portal/citation/p/{plate}/n/{number}/o/{subdomain}');
  });

  it("sends the API's security headers: its answers load nothing, are framed by no one, and are not sniffed", async () => {
    const response = await t.request('brandy', { method: 'GET', url: '/api/v1/portal/brand/brandy' });
    expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-site');
    // Document-only headers are for pages.
    expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(response.headers['x-xss-protection']).toBeUndefined();
  });

  it("sends the pages' security headers outside the API, its documentation included", async () => {
    const response = await t.request(null, { method: 'GET', url: '/api/docs/json' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
