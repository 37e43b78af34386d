import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCitation, buildTenant } from '../../../tests/support/factories';
import { useTestApp } from '../../../tests/support/test-app';
import { createTestDatabase, testDriver } from '../../../tests/support/test-database';
import { TENANT_SETTING } from './row-level-security';
import { enterTenant, readingSharedTables, runInRequestScope } from './tenant-scope';
import { TenantScopedPool } from './tenant-scoped-pool';

/**
 * Switching a pooled connection's scope (decisions 152 and 193): every checkout runs in the scope
 * of the code that asked for it, whatever the connection was set to before, and a failure never
 * leaves a query in the wrong scope. PostgreSQL only: PGlite's one session is never scoped.
 */
const alpha = buildTenant({
  subdomain: 'alpha',
  citations: [buildCitation({ citationNumber: 'POOL-A1' }), buildCitation({ citationNumber: 'POOL-A2' })],
});
const beta = buildTenant({ subdomain: 'beta', citations: [buildCitation({ citationNumber: 'POOL-B1' })] });

describe.runIf(testDriver() === 'postgres')('the tenant-scoped pool', async () => {
  const database = testDriver() === 'postgres' ? await createTestDatabase() : undefined;
  const t = useTestApp({ database, seed: { tenants: [alpha, beta] } });
  // One connection, so every query below reuses it and must switch its scope.
  let pool: TenantScopedPool;
  let alphaId: string;
  let betaId: string;

  beforeAll(async () => {
    pool = new TenantScopedPool({ connectionString: database?.url, max: 1 });
    alphaId = (await t.app.tenants.get('alpha'))?.id as string;
    betaId = (await t.app.tenants.get('beta'))?.id as string;
  });
  afterAll(() => pool.end());

  /** The notice numbers a query without a tenant filter sees, as a request of `tenantId`. */
  function noticesSeenBy(tenantId: string, text: string, values?: unknown[]) {
    return runInRequestScope(async () => {
      enterTenant(tenantId);
      const client = await pool.connect();
      try {
        const result = await client.query<{ citation_number: string }>(text, values);
        return result.rows.map((row) => row.citation_number);
      } finally {
        client.release();
      }
    });
  }
  const withParameter = 'SELECT citation_number FROM citations WHERE $1::int = 1 ORDER BY 1';
  const unfiltered = 'SELECT citation_number FROM citations ORDER BY 1';

  it('runs each checkout in its own tenant, then as the owner outside requests', async () => {
    expect(await noticesSeenBy(alphaId, withParameter, [1])).toEqual(['POOL-A1', 'POOL-A2']);
    expect(await noticesSeenBy(betaId, withParameter, [1])).toEqual(['POOL-B1']);
    expect(await noticesSeenBy(betaId, unfiltered)).toEqual(['POOL-B1']);
    expect(await noticesSeenBy(betaId, 'SELECT current_user AS citation_number')).toEqual(['portal_app']);
    const owner = await pool.query<{ citation_number: string }>(unfiltered);
    expect(owner.rows.map((row) => row.citation_number)).toEqual(['POOL-A1', 'POOL-A2', 'POOL-B1']);
    expect(await noticesSeenBy(alphaId, unfiltered)).toEqual(['POOL-A1', 'POOL-A2']);
  });

  it('scopes pool.query as a request of the tenant, and Drizzle inside a transaction', async () => {
    const viaQuery = await runInRequestScope(async () => {
      enterTenant(betaId);
      return (await pool.query<{ citation_number: string }>(unfiltered)).rows.map(
        (row) => row.citation_number,
      );
    });
    expect(viaQuery).toEqual(['POOL-B1']);
    // The app's own database handle: its transactions check out through connect().
    const inTransaction = await runInRequestScope(async () => {
      enterTenant(alphaId);
      return t.db.transaction(async (tx) => {
        const rows = (await tx.execute(sql.raw(unfiltered))) as unknown as {
          rows: { citation_number: string }[];
        };
        return rows.rows.map((row) => row.citation_number);
      });
    });
    expect(inTransaction).toEqual(['POOL-A1', 'POOL-A2']);
  });

  it('keeps the scope after a transaction rolls back or a query fails', async () => {
    await runInRequestScope(async () => {
      enterTenant(betaId);
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query('ROLLBACK');
      } finally {
        client.release();
      }
    });
    const setting = await readingSharedTables(() =>
      pool.query<{ tenant: string }>(`SELECT current_setting('${TENANT_SETTING}', true) AS tenant`),
    );
    expect(setting.rows[0]?.tenant).toBe(betaId);
    await expect(
      noticesSeenBy(alphaId, 'SELECT citation_number, 1 / $1::int FROM citations', [0]),
    ).rejects.toThrow(/division by zero/);
    // A refused statement leaves the connection usable and in the scope it was set to.
    expect(pool.totalCount).toBe(1);
    expect(await noticesSeenBy(alphaId, withParameter, [1])).toEqual(['POOL-A1', 'POOL-A2']);
    expect(await noticesSeenBy(betaId, withParameter, [1])).toEqual(['POOL-B1']);
  });

  it('answers callers that pass a callback', async () => {
    const rows = await runInRequestScope(
      () =>
        new Promise<string[]>((resolve, reject) => {
          enterTenant(betaId);
          pool.query<{ citation_number: string }>(withParameter, [1], (error, result) =>
            error ? reject(error) : resolve(result.rows.map((row) => row.citation_number)),
          );
        }),
    );
    expect(rows).toEqual(['POOL-B1']);
  });

  it('reads rows as arrays, named statements included, as pg does', async () => {
    const config = {
      name: 'pool_named',
      text: 'SELECT $1::int + 1 AS n',
      values: [1],
      rowMode: 'array' as const,
    };
    const inScope = await runInRequestScope(() => {
      enterTenant(alphaId);
      return pool.query(config);
    });
    expect(inScope.rows).toEqual([[2]]);
    expect((await pool.query(config, [41])).rows).toEqual([[42]]);
  });

  it("rejects a failed query with PostgreSQL's error", async () => {
    const error = (await pool.query('SELECT 1 / $1::int', [0]).catch((caught: unknown) => caught)) as Error;
    expect(error).toBeInstanceOf(pg.DatabaseError);
    expect(error.message).toMatch(/division by zero/);
  });
});
