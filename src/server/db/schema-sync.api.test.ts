import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/support/test-database';
import { type DatabaseHandle, queryRows } from './client';
import * as schema from './schema';

/**
 * Migrations are hand-written SQL (docs/decisions/003); this keeps them honest: every column
 * the Drizzle schema declares exists in the migrated database with the same nullability.
 */
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

describe('Drizzle schema and SQL migrations agree', () => {
  it('declares at least the foundation tables', () => {
    expect(tables.map((table) => getTableConfig(table).name)).toEqual(
      expect.arrayContaining(['tenants', 'citations', 'citation_codes', 'appeals', 'customers']),
    );
  });

  for (const table of tables) {
    const config = getTableConfig(table);
    it(`table ${config.name}`, async () => {
      const columns = await queryRows<{ column_name: string; is_nullable: 'YES' | 'NO' }>(
        handle.db,
        sql`SELECT column_name, is_nullable FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ${config.name}`,
      );
      const actual = Object.fromEntries(
        columns.map((column) => [column.column_name, column.is_nullable === 'NO']),
      );
      const declared = Object.fromEntries(config.columns.map((column) => [column.name, column.notNull]));
      expect(actual).toEqual(declared);
    });
  }
});
