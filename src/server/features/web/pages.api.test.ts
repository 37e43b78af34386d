import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant } from '../../../../tests/support/factories';
import { createTestApp, type TestApp, useTestApp } from '../../../../tests/support/test-app';

/**
 * Page requests: the web app is served branded per tenant; unknown tenants and
 * redirected tenants leave. Without a build the server says how to make one.
 */
const t = useTestApp({
  env: { MAIN_SITE_URL: 'https://www.example.com/', TENANT_REDIRECTS: 'moved=https://parking.example.org' },
  seed: { tenants: [buildTenant({ subdomain: 'pages', brandTitle: 'Pages Lot' })] },
});

describe('page requests', () => {
  it('sends an unknown tenant to the main site', async () => {
    const response = await t.request('nosuch', { method: 'GET', url: '/citations?plate=X' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('https://www.example.com/');
  });

  it('sends a redirected tenant to its external host', async () => {
    const response = await t.request('moved', { method: 'GET', url: '/' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('https://parking.example.org');
  });

  it("serves a known tenant's pages branded, with the page's nonce in the policy", async () => {
    const response = await t.request('pages', { method: 'GET', url: '/citations?plate=X' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Pages Lot Portal</title>');
    expect(response.headers['content-security-policy']).toMatch(/style-src 'self' 'nonce-[0-9a-f]+'/);
  });

  it('answers API paths that do not exist with JSON, not the app', async () => {
    const response = await t.request('pages', { method: 'GET', url: '/api/v1/portal/nothing' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('not_found');
  });
});

describe('page requests without a built web app', () => {
  const emptyDist = mkdtempSync(path.join(tmpdir(), 'portal-no-build-'));
  let unbuilt: TestApp;
  beforeAll(async () => {
    unbuilt = await createTestApp({ webDistDir: emptyDist });
    await unbuilt.seed({ tenants: [buildTenant({ subdomain: 'unbuilt' })] });
  });
  afterAll(async () => {
    await unbuilt?.close();
    rmSync(emptyDist, { recursive: true, force: true });
  });

  it('answers 503 saying how to build it', async () => {
    const response = await unbuilt.request('unbuilt', { method: 'GET', url: '/' });
    expect(response.statusCode).toBe(503);
    expect(response.body).toMatch(/npm run build/);
  });
});
