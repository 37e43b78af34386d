import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { PoolStats } from '../observability/metrics';
import { changeFeedOf, listenForChanges } from './change-feed';
import * as schema from './schema';
import { TenantScopedPool } from './tenant-scoped-pool';

export type Schema = typeof schema;
/** The common type of both drivers' Drizzle databases; services see only this. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; accepted wherever a Database is. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DatabaseDriver = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  /**
   * Where reads that tolerate a little lag may go (READ_DATABASE_URL, decision 221): a replica's
   * pool when one is configured, otherwise absent (everything reads from `db`).
   */
  readDb?: Database;
  /**
   * For the background workers and sweeps, which run as the owner: on PostgreSQL a small pool of
   * its own (decision 246), so their statements never switch a request connection's row-level
   * security scope and back (a statement each way); on PGlite, `db`.
   */
  backgroundDb: Database;
  driver: DatabaseDriver;
  /** The PostgreSQL pool's connections, for the metrics; null on PGlite (no pool). */
  poolStats?(): PoolStats | null;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL URL; when absent, PGlite. */
  databaseUrl?: string;
  /** A replica's PostgreSQL URL for lag-tolerant reads (only with databaseUrl). */
  readDatabaseUrl?: string;
  /** PGlite data folder; 'memory' keeps it in memory (tests). */
  pgliteDir?: string;
  poolSize?: number;
  /** How long opening a PostgreSQL connection may take before the query fails (and the request answers 503). */
  connectTimeoutMs?: number;
  /**
   * PostgreSQL: hear other processes' changes (tenant settings) on a connection of its own
   * (change-feed.ts). For servers; one-off commands and the test databases do without.
   */
  listenForChanges?: boolean;
  /** Where a lost listening connection is reported. */
  onListenError?: (error: Error) => void;
  /** Where a pooled connection's failure is reported (it is replaced on the next checkout). */
  onConnectionError?: (error: Error) => void;
}

/**
 * Connections of the background pool: the email worker and the sweeps run one round at a time
 * each, mostly one statement at a time; two keep the outbox draining while a sweep runs.
 */
const BACKGROUND_POOL_SIZE = 2;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = scopedPool(options.databaseUrl, options);
    // Fail at start-up, not on the first request, when the server is unreachable.
    await pool.query('select 1');
    const db = drizzlePostgres({ client: pool, schema }) as unknown as Database;
    const readPool = options.readDatabaseUrl ? scopedPool(options.readDatabaseUrl, options) : null;
    await readPool?.query('select 1');
    const readDb = readPool
      ? (drizzlePostgres({ client: readPool, schema }) as unknown as Database)
      : undefined;
    const backgroundPool = scopedPool(options.databaseUrl, { ...options, poolSize: BACKGROUND_POOL_SIZE });
    const backgroundDb = drizzlePostgres({ client: backgroundPool, schema }) as unknown as Database;
    const listener = options.listenForChanges
      ? listenForChanges(options.databaseUrl, changeFeedOf(db), options.onListenError)
      : null;
    await listener?.ready;
    return {
      db,
      readDb,
      backgroundDb,
      driver: 'postgres',
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: async () => {
        await listener?.stop();
        await readPool?.end();
        await backgroundPool.end();
        await pool.end();
      },
    };
  }
  const dir = options.pgliteDir ?? 'memory';
  if (dir !== 'memory') mkdirSync(path.dirname(path.resolve(dir)), { recursive: true });
  const client = dir === 'memory' ? new PGlite() : new PGlite(path.resolve(dir));
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    backgroundDb: db,
    driver: 'pglite',
    poolStats: () => null,
    close: () => client.close(),
  };
}

/**
 * A pool whose connections run in the scope of the code that asks (row-level security, decision
 * 152): the primary's, and a replica's the same way (its reads are scoped like any other).
 */
function scopedPool(connectionString: string, options: DatabaseOptions): TenantScopedPool {
  // Each connection runs as the app role with the request's tenant, or as the owner outside
  // requests (row-level security, decision 152). PGlite is one embedded superuser session: the
  // policies exist there too but do not apply, and its scope is never switched.
  const pool = new TenantScopedPool({
    connectionString,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 0,
  });
  // A connection cut by the server (restart, failover) is dropped by the pool and replaced on
  // the next checkout. pg raises an 'error' event for it, on the pool while idle and on the
  // client while checked out (between a transaction's queries): unheard, either ends the process.
  pool.on('error', (error) => options.onConnectionError?.(error));
  pool.on('connect', (client) => client.on('error', (error) => options.onConnectionError?.(error)));
  return pool;
}

/** Runs raw SQL on either driver and returns its rows (both drivers answer `{ rows }`). */
export async function queryRows<T>(db: Database | Transaction, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
