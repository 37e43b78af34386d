import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildReport, buildScan, buildTenant } from '../../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { createTestDatabase, testDriver } from '../../../../tests/support/test-database';
import { changeFeedOf } from '../../db/change-feed';
import { openDatabase } from '../../db/client';
import { tenants } from '../../db/schema';
import { withSystemScope } from '../../db/tenant-scope';
import { createApiKey } from './api-keys';

/**
 * Two server processes on one PostgreSQL database (decision 165): scans recorded through one make
 * the other forget the report summary it kept, at once.
 */
describe.runIf(testDriver() === 'postgres')('report summaries across processes', () => {
  let first: TestApp;
  let second: TestApp;
  let key: string;
  const report = buildReport({ startDate: '2026-11-01T00:00:00Z', endDate: '2026-11-02T00:00:00Z' });

  beforeAll(async () => {
    const database = await createTestDatabase({ listenForChanges: true });
    first = await createTestApp({ database });
    second = await createTestApp({
      database: await openDatabase({ databaseUrl: database.url, poolSize: 2, listenForChanges: true }),
    });
    await first.seed({
      tenants: [
        {
          ...buildTenant({ subdomain: 'shared' }),
          scans: [buildScan({ capturedAt: '2026-11-01T10:00:00Z' })],
          reports: [report],
        },
      ],
    });
    const [tenant] = await withSystemScope(() =>
      first.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.subdomain, 'shared')),
    );
    key = (await createApiKey(first.db, { tenantId: tenant!.id, name: 'Truck' })).key;
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  const totalSeenBySecond = async () =>
    (await second.request('shared', { method: 'GET', url: `/api/v1/reports/${report.uuid}/summary` })).json()
      .reportDetails.totalScans;

  // The scan list's pages take their total from the same kept summary (decision 231).
  const pageTotalSeenBySecond = async () =>
    (await second.request('shared', { method: 'GET', url: `/api/v1/reports/${report.uuid}/scans` })).json()
      .total;

  it('is computed again by the other process once scans are recorded through the first', async () => {
    expect(await totalSeenBySecond()).toBe(1);
    expect(await pageTotalSeenBySecond()).toBe(1);
    const heard = new Promise<string>((resolve) => {
      const stop = changeFeedOf(second.db).subscribe('report-scans', (subdomain) => {
        stop();
        resolve(subdomain);
      });
    });
    const recorded = await first.request('shared', {
      method: 'POST',
      url: '/api/v1/enforcement/scans',
      headers: { authorization: `Bearer ${key}` },
      payload: { scans: [buildScan({ capturedAt: '2026-11-01T11:00:00Z' })] },
    });
    expect(recorded.json()).toMatchObject({ created: 1 });
    expect(await heard).toBe('shared');
    expect(await totalSeenBySecond()).toBe(2);
    expect(await pageTotalSeenBySecond()).toBe(2);
  });
});
