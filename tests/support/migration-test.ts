import { afterAll, beforeAll } from 'vitest';
import { type Database, type DatabaseHandle, openDatabase } from '../../src/server/db/client';
import { migrate, readMigrations } from '../../src/server/db/migrate';
import { testDriver } from './test-database';

/** Migration tests run once, on PGlite: a migration's SQL is the same on both drivers. */
export const runsMigrationTests = testDriver() === 'pglite';

/**
 * A migration's test database: an in-memory PGlite migrated up to just before `migration`,
 * given the rows the test needs by `seed`, then migrated to the end. The answer reads through
 * to the database once beforeAll has run.
 */
export function useDatabaseAcrossMigration(
  migration: string,
  seed: (db: Database) => Promise<void>,
): { readonly db: Database } {
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    if (!runsMigrationTests) return;
    handle = await openDatabase({ pgliteDir: 'memory' });
    const all = readMigrations();
    await migrate(
      handle.db,
      all.filter((candidate) => candidate.name < migration),
    );
    await seed(handle.db);
    await migrate(handle.db, all);
    // Two runs of every migration on PGlite: slower than an app's start on a busy machine.
  }, 180_000);
  afterAll(() => handle?.close());
  return {
    get db() {
      if (!handle) throw new Error('The migration test database is used before its beforeAll ran.');
      return handle.db;
    },
  };
}
