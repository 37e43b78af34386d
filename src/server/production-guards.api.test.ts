import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCitation, buildTenant } from '../../tests/support/factories';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { buildApp } from './app';
import { loadConfig } from './config';
import { seedDemoDataOnStart } from './seed-demo-data-on-start';

/**
 * The app built from production configurations: the sandbox pages and the mailbox exist only
 * where an ALLOW_ setting says so, and the demo data (whose operator password is public) is
 * loaded only when SEED_DEMO_DATA=true is set. Refusing to start is the configuration's job
 * (config.test.ts); these check what a production app that did start serves.
 */
const STAGING = {
  NODE_ENV: 'production',
  ALLOW_SANDBOX_PAYMENTS: 'true',
  ALLOW_DEV_OUTBOX: 'true',
  ALLOW_LOCAL_STORAGE: 'true',
};
const LIVE = {
  NODE_ENV: 'production',
  PAYMENTS_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_live_like',
  STRIPE_WEBHOOK_SECRET: 'whsec_live_like',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  ALLOW_LOCAL_STORAGE: 'true',
};

const SANDBOX_PAGE = { method: 'GET' as const, url: '/sandbox/checkout/:sessionId' };
const MAILBOX = { method: 'GET' as const, url: '/dev/mailbox' };

let staging: TestApp;
let live: TestApp;

beforeAll(async () => {
  // One after the other: building two apps at once on a busy machine can outlast plugin timeouts.
  staging = await createTestApp({ env: STAGING });
  live = await createTestApp({ env: LIVE });
  await staging.seed({
    tenants: [
      { ...buildTenant({ subdomain: 'stage' }), citations: [buildCitation({ citationNumber: 'S1' })] },
    ],
  });
});
afterAll(async () => {
  await staging?.close();
  await live?.close();
});

describe('a production app', () => {
  it('mounts the sandbox checkout and the mailbox only where ALLOW_ settings say so', () => {
    expect(staging.config.NODE_ENV).toBe('production');
    expect(staging.app.hasRoute(SANDBOX_PAGE)).toBe(true);
    expect(staging.app.hasRoute(MAILBOX)).toBe(true);
    expect(live.app.hasRoute(SANDBOX_PAGE)).toBe(false);
    expect(live.app.hasRoute(MAILBOX)).toBe(false);
  });

  it('keeps the mailbox off a staging site that allows the sandbox but not the outbox', async () => {
    const config = loadConfig({
      ...STAGING,
      ALLOW_DEV_OUTBOX: 'false',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      JWT_SECRET: 'k'.repeat(40),
      LOG_LEVEL: 'silent',
    });
    const app = await buildApp({ ...staging.app.deps, config }, { logger: false });
    try {
      await app.ready();
      expect(app.hasRoute(SANDBOX_PAGE)).toBe(true);
      expect(app.hasRoute(MAILBOX)).toBe(false);
      const response = await app.inject({
        method: 'GET',
        url: '/dev/mailbox',
        headers: { host: 'localhost' },
      });
      expect(response.body).not.toContain('Development mailbox');
    } finally {
      await app.close();
    }
  });

  it('serves a working sandbox checkout on a staging site', async () => {
    const [citation] = (
      await staging.request('stage', { method: 'GET', url: '/api/v1/portal/citation/p/blank/n/S1/o/stage' })
    ).json();
    const opened = await staging.request('stage', {
      method: 'GET',
      url: `/api/v1/citation/checkout/${citation.uuid}/subdomain/stage`,
    });
    expect(opened.statusCode).toBe(200);
    const page = await staging.request('stage', {
      method: 'GET',
      url: new URL(opened.json().checkoutURL).pathname,
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
  });
});

describe('demo data in production', () => {
  const signInAsDemoOperator = () =>
    live.request('demo', {
      method: 'POST',
      url: '/api/v1/dashboard/auth/login',
      payload: { email: 'operator@demo.example', password: 'Parking#2026' },
    });
  const log = { info: () => {} };
  const tenantCount = async () => (await live.db.query.tenants.findMany({ columns: { id: true } })).length;

  it('is not loaded on an empty database unless SEED_DEMO_DATA=true is set, and is when it is', async () => {
    const byDefault = loadConfig({ ...STAGING, JWT_SECRET: 'k'.repeat(40) });
    expect(byDefault.SEED_DEMO_DATA).toBe(false);
    expect(await seedDemoDataOnStart({ config: byDefault, db: live.db, log })).toBe(false);
    expect(await tenantCount()).toBe(0);
    expect((await signInAsDemoOperator()).statusCode).not.toBe(200);

    const asked = loadConfig({ ...STAGING, JWT_SECRET: 'k'.repeat(40), SEED_DEMO_DATA: 'true' });
    expect(asked.SEED_DEMO_DATA).toBe(true);
    expect(await seedDemoDataOnStart({ config: asked, db: live.db, log })).toBe(true);
    live.app.tenants.clear();
    expect((await signInAsDemoOperator()).statusCode).toBe(200);
    // Loading the whole demo (its payments included, decision 253) takes 20 s on a busy PGlite.
  }, 120_000);
});
