import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant } from '../../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { createTestDatabase, testDriver } from '../../../../tests/support/test-database';
import { changeFeedOf } from '../../db/change-feed';
import { openDatabase } from '../../db/client';
import { tenants } from '../../db/schema';

/**
 * Two server processes on one PostgreSQL database (decision 163): a tenant changed through one is
 * forgotten by the other at once, though the other keeps tenants for an hour here; and a process
 * whose listening connection was cut forgets every tenant once it is back.
 */
describe.runIf(testDriver() === 'postgres')('tenant changes across processes', () => {
  let first: TestApp;
  let second: TestApp;
  const keepForAnHour = { env: { TENANT_CACHE_SECONDS: '3600' } };

  beforeAll(async () => {
    const database = await createTestDatabase({ listenForChanges: true });
    first = await createTestApp({ ...keepForAnHour, database });
    second = await createTestApp({
      ...keepForAnHour,
      database: await openDatabase({ databaseUrl: database.url, poolSize: 2, listenForChanges: true }),
    });
    // The seed announces the tenant; the second process must hear that before the test reads, or
    // the late announcement would make it forget the copy the first test relies on.
    const seedHeard = nextChange(second);
    await first.seed({ tenants: [buildTenant({ subdomain: 'shared', brandColor: '112233' })] });
    await seedHeard;
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  const brandColorSeenBySecond = async () =>
    (await second.request('shared', { method: 'GET', url: '/api/v1/portal/brand/shared' })).json().brandColor;
  const setColor = (brandColor: string) =>
    first.db.update(tenants).set({ brandColor }).where(eq(tenants.subdomain, 'shared'));
  const nextChange = (app: TestApp) =>
    new Promise<string>((resolve) => {
      const stop = changeFeedOf(app.db).subscribe('tenant', (subdomain) => {
        stop();
        resolve(subdomain);
      });
    });

  it("is seen by the other process as soon as it is announced, not when the other's copy runs out", async () => {
    expect(await brandColorSeenBySecond()).toBe('112233');
    await setColor('445566');
    expect(await brandColorSeenBySecond()).toBe('112233');
    const heard = nextChange(second);
    await first.app.tenants.changed('shared');
    expect(await heard).toBe('shared');
    expect(await brandColorSeenBySecond()).toBe('445566');
  });

  it('forgets every tenant when its listening connection comes back after being cut', async () => {
    expect(await brandColorSeenBySecond()).toBe('445566');
    const resynced = new Promise<void>((resolve) => {
      const stop = changeFeedOf(second.db).subscribe(
        'tenant',
        () => {},
        () => {
          stop();
          resolve();
        },
      );
    });
    // Both processes' listening connections go; a change made meanwhile is announced to no one.
    await first.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query = 'LISTEN portal_changes'`,
    );
    await setColor('778899');
    await resynced;
    expect(await brandColorSeenBySecond()).toBe('778899');
  });
});
