import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, type DatabaseHandle, openDatabase } from '../../src/server/db/client';
import * as schema from '../../src/server/db/schema';

declare module 'vitest' {
  export interface ProvidedContext {
    /** api-pglite: a file holding the data folder of a migrated PGlite (tests/support/api-global-setup.ts). */
    pgliteSnapshotFile: string;
    /** api-postgres: the migrated database every test file's database is copied from. */
    postgresTemplateDatabase: string;
  }
}

/** Which driver this test run uses: the vitest project sets TEST_DB_DRIVER. */
export function testDriver(): 'pglite' | 'postgres' {
  return process.env.TEST_DB_DRIVER === 'postgres' ? 'postgres' : 'pglite';
}

/** The server's URL as given: any database on it serves to create and drop the test databases. */
export function adminUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL must be set to run the API tests on PostgreSQL.');
  return url;
}

/** DATABASE_URL with another database name, keeping host, user and parameters. */
export function urlOfDatabase(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/** A database name no other run picks: several runs may share one server. */
export function uniqueDatabaseName(prefix: string): string {
  return `${prefix}_${randomBytes(6).toString('hex')}`;
}

/** Runs `work` on a connection to the server's admin database, closing it afterwards. */
export async function withAdminClient<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/**
 * pg's Pool.end() resolves once it has asked its clients to end, before their sockets close. A
 * forced drop in that gap terminates live backends, and their clients, no longer watched by the
 * pool, raise "terminating connection due to administrator command" as an uncaught error in
 * whichever test file runs next; and a database still in use cannot serve as a template. So wait
 * (briefly, bounded) until the backends are gone.
 */
export async function waitForBackendsToLeave(admin: pg.Client, database: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const { rows } = await admin.query<{ backends: number }>(
      'SELECT count(*)::int AS backends FROM pg_stat_activity WHERE datname = $1',
      [database],
    );
    if (rows[0]?.backends === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Drops a database once the connections the test closed have really gone. */
export function dropDatabase(name: string): Promise<void> {
  return withAdminClient(async (admin) => {
    await waitForBackendsToLeave(admin, name);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
}

/**
 * A fresh, migrated database for one test file, copied from what the project's global setup
 * migrated once (tests/support/api-global-setup.ts): an in-memory PGlite loaded from the snapshot,
 * or a new database on the PostgreSQL server of DATABASE_URL, created from the template database
 * and dropped again on close.
 */
export async function createTestDatabase(
  options: { listenForChanges?: boolean } = {},
): Promise<DatabaseHandle & { url?: string }> {
  if (testDriver() === 'pglite') return openPgliteFromSnapshot(provided('pgliteSnapshotFile'));
  const template = provided('postgresTemplateDatabase');
  const name = uniqueDatabaseName('portal_test');
  await withAdminClient((admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  const url = urlOfDatabase(name);
  const handle = await openDatabase({ databaseUrl: url, poolSize: 25, ...options });
  return {
    ...handle,
    // A second process's way in (tests of what several server processes share).
    url,
    close: async () => {
      await handle.close();
      await dropDatabase(name);
    },
  };
}

function provided(key: 'pgliteSnapshotFile' | 'postgresTemplateDatabase'): string {
  const value = inject(key);
  if (!value) {
    throw new Error(
      `${key} is missing: run API tests in the api-pglite or api-postgres project, whose global ` +
        'setup (tests/support/api-global-setup.ts) migrates the database they copy.',
    );
  }
  return value;
}

/**
 * openDatabase() starts PGlite empty (initdb) and knows no snapshots; loading the migrated data
 * folder instead skips both initdb and the migrations, the slow part of a test file's start.
 */
async function openPgliteFromSnapshot(snapshotFile: string): Promise<DatabaseHandle> {
  const client = new PGlite({ loadDataDir: new Blob([readFileSync(snapshotFile)]) });
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    backgroundDb: db,
    driver: 'pglite',
    close: () => client.close(),
  };
}
