import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import type { TestProject } from 'vitest/node';
import { type Database, openDatabase } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import * as schema from '../../src/server/db/schema';
import {
  dropDatabase,
  uniqueDatabaseName,
  urlOfDatabase,
  waitForBackendsToLeave,
  withAdminClient,
} from './test-database';
import { ensureWebBuild } from './web-build';

/**
 * Global setup of the API projects: build the web app when there is none (the served pages' tests
 * read it), migrate once per run, then let every test file copy the
 * result (tests/support/test-database.ts) instead of migrating a database of its own.
 * - PGlite: migrate an in-memory database and write its data folder to a temporary file;
 * - PostgreSQL: migrate a uniquely named template database on the DATABASE_URL server.
 * The returned function removes what was made.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await ensureWebBuild();
  return project.config.env.TEST_DB_DRIVER === 'postgres'
    ? preparePostgresTemplate(project)
    : preparePgliteSnapshot(project);
}

async function preparePgliteSnapshot(project: TestProject) {
  const client = new PGlite();
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-pglite-snapshot-'));
  try {
    await migrate(drizzle({ client, schema }) as unknown as Database);
    // Uncompressed: loading skips the gunzip, which costs more than reading a larger file.
    const snapshot = await client.dumpDataDir('none');
    const file = path.join(dir, 'migrated.tar');
    writeFileSync(file, new Uint8Array(await snapshot.arrayBuffer()));
    project.provide('pgliteSnapshotFile', file);
  } finally {
    await client.close();
  }
  return async () => rmSync(dir, { recursive: true, force: true });
}

async function preparePostgresTemplate(project: TestProject) {
  const name = uniqueDatabaseName('portal_template');
  await withAdminClient((admin) => admin.query(`CREATE DATABASE ${name}`));
  try {
    const handle = await openDatabase({ databaseUrl: urlOfDatabase(name), poolSize: 1 });
    try {
      await migrate(handle.db);
    } finally {
      await handle.close();
    }
    // CREATE DATABASE ... TEMPLATE refuses a source that still has sessions.
    await withAdminClient((admin) => waitForBackendsToLeave(admin, name));
  } catch (error) {
    await dropDatabase(name);
    throw error;
  }
  project.provide('postgresTemplateDatabase', name);
  return () => dropDatabase(name);
}
