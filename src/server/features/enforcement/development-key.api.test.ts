import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant } from '../../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { findTenantBySubdomain } from '../tenancy/queries';
import { findActiveApiKey, listApiKeys } from './api-keys';
import { issueDevelopmentApiKey } from './development-key';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.seed({ tenants: [buildTenant({ subdomain: 'demo' })] });
});
afterAll(() => t.close());

describe('issueDevelopmentApiKey', () => {
  it('gives no key in production or tests, nor without the demo data', async () => {
    const now = t.clock.now();
    for (const config of [
      { NODE_ENV: 'production', SEED_DEMO_DATA: true },
      { NODE_ENV: 'test', SEED_DEMO_DATA: true },
      { NODE_ENV: 'development', SEED_DEMO_DATA: false },
    ] as const) {
      expect(await issueDevelopmentApiKey({ config, db: t.db, now })).toBeNull();
    }
  });

  it('gives a working key of demo in development, replacing the previous one', async () => {
    const config = { NODE_ENV: 'development', SEED_DEMO_DATA: true } as const;
    const first = await issueDevelopmentApiKey({ config, db: t.db, now: t.clock.now() });
    const second = await issueDevelopmentApiKey({ config, db: t.db, now: t.clock.now() });
    expect(second).toMatch(/^ppk_/);
    expect((await findActiveApiKey(t.db, second!))?.tenant.subdomain).toBe('demo');
    expect(await findActiveApiKey(t.db, first!)).toBeNull();
    const demo = await findTenantBySubdomain(t.db, 'demo');
    const keys = await listApiKeys(t.db, demo!.id);
    expect(keys.filter((key) => !key.revokedAt)).toHaveLength(1);
  });
});
