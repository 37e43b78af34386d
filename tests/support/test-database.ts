import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';

/** Which driver this test run uses: the vitest project sets TEST_DB_DRIVER. */
export function testDriver(): 'pglite' | 'postgres' {
  return process.env.TEST_DB_DRIVER === 'postgres' ? 'postgres' : 'pglite';
}

function adminUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL must be set to run the API tests on PostgreSQL.');
  return url;
}

/**
 * pg's Pool.end() resolves once it has asked its clients to end, before their sockets close. A
 * forced drop in that gap terminates live backends, and their clients, no longer watched by the
 * pool, raise "terminating connection due to administrator command" as an uncaught error in
 * whichever test file runs next. So wait (briefly, bounded) until the backends are gone.
 */
async function waitForBackendsToLeave(admin: pg.Client, database: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const { rows } = await admin.query<{ backends: number }>(
      'SELECT count(*)::int AS backends FROM pg_stat_activity WHERE datname = $1',
      [database],
    );
    if (rows[0]?.backends === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or a new database on the
 * PostgreSQL server of DATABASE_URL that is dropped again on close.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (testDriver() === 'pglite') {
    const handle = await openDatabase({ pgliteDir: 'memory' });
    await migrate(handle.db);
    return handle;
  }
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 25 });
  await migrate(handle.db);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl() });
      await cleanup.connect();
      await waitForBackendsToLeave(cleanup, name);
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
