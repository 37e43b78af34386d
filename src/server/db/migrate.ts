import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_DIR } from '../paths';
import { type Database, queryRows } from './client';
import { syncRowLevelSecurity } from './row-level-security';

/** Any fixed number: it names the advisory lock that serialises migrations across processes. */
const MIGRATION_LOCK_ID = 72_120_001;

export interface Migration {
  name: string;
  sql: string;
}

/**
 * A migration file is a list of statements. Statements end with ';' at the end of a line; a file
 * whose statements contain such lines themselves (function bodies) separates them with
 * '--> statement-breakpoint' instead. Both drivers then run one statement per call, which the
 * extended query protocol requires.
 */
export function splitStatements(script: string): string[] {
  const parts = script.includes('--> statement-breakpoint')
    ? script.split('--> statement-breakpoint')
    : script.split(/;[ \t]*(?:\r?\n|$)/);
  return parts.map((part) => part.trim()).filter((part) => part.replace(/--[^\n]*/g, '').trim() !== '');
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((file) => /^\d{4}_[a-z0-9_-]+\.sql$/.test(file))
    .sort()
    .map((file) => ({ name: file, sql: readFileSync(path.join(dir, file), 'utf8') }));
}

/**
 * Applies the committed SQL migrations that this database has not seen, in one transaction,
 * in file-name order. Several servers starting at once wait on one advisory lock,
 * so each migration runs exactly once. Then every tenant-owned table, new ones included, gets its
 * row-level security policy (decision 152). Returns the names applied.
 */
export async function migrate(db: Database, migrations = readMigrations()): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`);
    await tx.execute(sql`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const applied = await queryRows<{ name: string }>(tx, sql`SELECT name FROM schema_migrations`);
    const done = new Set(applied.map((row) => row.name));
    const pending = migrations.filter((migration) => !done.has(migration.name));
    for (const migration of pending) {
      for (const statement of splitStatements(migration.sql)) await tx.execute(sql.raw(statement));
      await tx.execute(sql`INSERT INTO schema_migrations (name) VALUES (${migration.name})`);
    }
    await syncRowLevelSecurity(tx);
    return pending.map((migration) => migration.name);
  });
}
