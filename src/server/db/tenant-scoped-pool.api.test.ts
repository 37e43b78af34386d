import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCitation, buildTenant } from '../../../tests/support/factories';
import { useTestApp } from '../../../tests/support/test-app';
import { createTestDatabase, testDriver } from '../../../tests/support/test-database';
import { TENANT_SETTING } from './row-level-security';
import { enterTenant, readingSharedTables, runInRequestScope } from './tenant-scope';
import { TenantScopedPool } from './tenant-scoped-pool';
import type { WireConnection } from './wire-query';

/**
 * Switching a pooled connection's tenant (decision 167): the scope statement travels with the
 * query that needs it, and a failure of either leaves no query in the wrong scope. PostgreSQL
 * only: PGlite's one session is never scoped.
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
  let readyForQuery = 0;
  /** The scope statements the connection bound, in order. */
  const scopeBinds: string[] = [];
  let alphaId: string;
  let betaId: string;

  beforeAll(async () => {
    pool = new TenantScopedPool({ connectionString: database?.url, max: 1 });
    const client = await pool.connect();
    const connection = (client as unknown as { connection: WireConnection & NodeJS.EventEmitter }).connection;
    connection.on('readyForQuery', () => {
      readyForQuery += 1;
    });
    const bind = connection.bind.bind(connection);
    connection.bind = (config) => {
      if (config.statement?.startsWith('portal_set_')) scopeBinds.push(config.statement);
      bind(config);
    };
    client.release();
    alphaId = (await t.app.tenants.get('alpha'))?.id as string;
    betaId = (await t.app.tenants.get('beta'))?.id as string;
  });
  afterAll(() => pool.end());

  /**
   * The notice numbers a query without a tenant filter sees, as a request of `tenantId`. Checked
   * out and released by hand: pool.query would close a connection whose query failed.
   */
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

  /** Round trips (one ReadyForQuery each) that `work` took. */
  async function roundTripsOf(work: () => Promise<unknown>) {
    const before = readyForQuery;
    await work();
    return readyForQuery - before;
  }

  it("switches the tenant in the query's own round trip", async () => {
    // The connection's first switch prepares the scope statement on its own.
    expect(await noticesSeenBy(alphaId, withParameter, [1])).toEqual(['POOL-A1', 'POOL-A2']);

    let seen: string[] = [];
    const trips = await roundTripsOf(async () => {
      seen = await noticesSeenBy(betaId, withParameter, [1]);
    });
    expect(seen).toEqual(['POOL-B1']);
    expect(trips).toBe(1);
    // Unchanged scope: nothing sent ahead.
    expect(await roundTripsOf(() => noticesSeenBy(betaId, withParameter, [1]))).toBe(1);
    expect(await noticesSeenBy(alphaId, withParameter, [1])).toEqual(['POOL-A1', 'POOL-A2']);
  });

  it('switches from one tenant to another by the tenant alone, and from the owner with the role too', async () => {
    expect(await noticesSeenBy(alphaId, withParameter, [1])).toEqual(['POOL-A1', 'POOL-A2']);
    scopeBinds.length = 0;
    expect(await noticesSeenBy(betaId, withParameter, [1])).toEqual(['POOL-B1']);
    expect(scopeBinds).toEqual(['portal_set_tenant']);
    // Still the app role: the owner would see every tenant's notices.
    expect(
      await noticesSeenBy(betaId, 'SELECT current_user AS citation_number WHERE $1::int = 1', [1]),
    ).toEqual(['portal_app']);

    // Outside any request: the owner.
    await pool.query(withParameter, [1]);
    scopeBinds.length = 0;
    expect(await noticesSeenBy(alphaId, withParameter, [1])).toEqual(['POOL-A1', 'POOL-A2']);
    expect(scopeBinds).toEqual(['portal_set_scope']);
  });

  it('undoes a switch whose query fails, and scopes the next query afresh', async () => {
    expect(await noticesSeenBy(alphaId, withParameter, [1])).toEqual(['POOL-A1', 'POOL-A2']);
    // Fails when it runs, after the scope statement ran in the same implicit transaction.
    await expect(
      noticesSeenBy(betaId, 'SELECT citation_number, 1 / $1::int FROM citations', [0]),
    ).rejects.toThrow(/division by zero/);
    // PostgreSQL rolled the switch back with the failed query: the connection is alpha's again.
    const setting = await readingSharedTables(() =>
      pool.query<{ tenant: string }>(`SELECT current_setting('${TENANT_SETTING}', true) AS tenant`),
    );
    expect(setting.rows[0]?.tenant).toBe(alphaId);
    // And the pool did not take it for beta's.
    expect(await noticesSeenBy(betaId, withParameter, [1])).toEqual(['POOL-B1']);
    expect(await noticesSeenBy(alphaId, withParameter, [1])).toEqual(['POOL-A1', 'POOL-A2']);
  });

  it('sends the scope ahead of statements that cannot carry it', async () => {
    expect(await noticesSeenBy(alphaId, withParameter, [1])).toEqual(['POOL-A1', 'POOL-A2']);
    // No parameters: the simple protocol, which has no room for a second statement's bind.
    const unfiltered = 'SELECT citation_number FROM citations ORDER BY 1';
    expect(await roundTripsOf(() => noticesSeenBy(betaId, unfiltered))).toBe(2);
    expect(await noticesSeenBy(alphaId, unfiltered)).toEqual(['POOL-A1', 'POOL-A2']);
    // A transaction: its BEGIN goes after the scope, never with it.
    const inTransaction = await runInRequestScope(async () => {
      enterTenant(betaId);
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await client.query<{ citation_number: string }>(withParameter, [1]);
        await client.query('ROLLBACK');
        return result.rows.map((row) => row.citation_number);
      } finally {
        client.release();
      }
    });
    expect(inTransaction).toEqual(['POOL-B1']);
    // The owner, outside any request, sees every tenant's notices.
    const owner = await pool.query<{ citation_number: string }>(withParameter, [1]);
    expect(owner.rows.map((row) => row.citation_number)).toEqual(['POOL-A1', 'POOL-A2', 'POOL-B1']);
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

  describe('rows read as arrays (parsed without the object row pg would build)', () => {
    const everyKind = `SELECT gen_random_uuid() IS NOT NULL AS ok, 42::int AS n, 9007199254740993::bigint AS big,
      12.50::numeric AS money, 'text'::text AS t, NULL::text AS nothing, ARRAY['a', 'b']::text[] AS list,
      '2026-11-22 08:00:00.123456+00'::timestamptz AS at, '{"k": 1}'::jsonb AS doc, $1::int AS given`;
    /** The same query on a plain pg client: the reference. */
    async function asPgReadsIt(config: pg.QueryConfig) {
      const client = new pg.Client({ connectionString: database?.url });
      await client.connect();
      try {
        return await client.query(config);
      } finally {
        await client.end();
      }
    }

    it('gives what pg gives, as the owner and in a switched tenant scope', async () => {
      const config = { text: everyKind, values: [7], rowMode: 'array' as const };
      const expected = await asPgReadsIt(config);
      const asOwner = await pool.query(config);
      const inScope = await runInRequestScope(() => {
        enterTenant(alphaId);
        return pool.query(config);
      });
      for (const result of [asOwner, inScope]) {
        expect(result.rows).toEqual(expected.rows);
        expect(result.fields.map((field) => [field.name, field.dataTypeID])).toEqual(
          expected.fields.map((field) => [field.name, field.dataTypeID]),
        );
      }
    });

    it("parses with the query's own types, as Drizzle passes them", async () => {
      const types = {
        getTypeParser: (oid: number, format?: 'text' | 'binary') =>
          oid === pg.types.builtins.TIMESTAMPTZ
            ? (value: string) => value
            : pg.types.getTypeParser(oid, format),
      };
      const client = await pool.connect();
      try {
        const result = await client.query({ text: everyKind, values: [7], rowMode: 'array', types });
        expect(result.rows[0]?.[7]).toBe('2026-11-22 08:00:00.123456+00');
        expect(result.rows[0]?.[1]).toBe(42);
      } finally {
        client.release();
      }
    });

    it("reads a config's name and values as pg does, and leaves the caller's object as it was", async () => {
      // Frozen: a query that wrote to the caller's config would throw here.
      const config = Object.freeze({
        name: 'wire_named',
        text: 'SELECT $1::int + 1 AS n',
        values: [1],
        rowMode: 'array' as const,
      });
      const client = await pool.connect();
      try {
        expect((await client.query(config)).rows).toEqual([[2]]);
        expect((await client.query(config, [41])).rows).toEqual([[42]]);
        const connection = (client as unknown as { connection: WireConnection }).connection;
        expect(connection.parsedStatements.wire_named).toBe(config.text);
      } finally {
        client.release();
      }
    });

    it('gives each statement of a multi-statement query its own result', async () => {
      const results = (await pool.query({
        text: 'SELECT 1 AS a; SELECT $$x$$ AS b, 2 AS c',
        rowMode: 'array',
      })) as unknown as pg.QueryResult[];
      expect(results.map((result) => [result.fields.map((field) => field.name), result.rows])).toEqual([
        [['a'], [[1]]],
        [['b', 'c'], [['x', 2]]],
      ]);
    });

    it("rejects a failed query with the caller's stack", async () => {
      const client = await pool.connect();
      try {
        const failing = client.query({ text: 'SELECT 1 / $1::int', values: [0], rowMode: 'array' });
        const error = (await failing.catch((caught: unknown) => caught)) as Error;
        expect(error.message).toMatch(/division by zero/);
        expect(error.stack).toContain('tenant-scoped-pool.api.test');
      } finally {
        client.release();
      }
    });
  });
});
