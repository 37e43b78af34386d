import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/test-app';
import { queryRows } from './client';

/**
 * The extended statistics the planner needs (migration 1350): without the dependency of a pass's
 * product on its tenant, counting a product's places reads every pass the product ever sold
 * (decision 251's finding; the plans are in its record). Dropping the migration fails here.
 */
const t = useTestApp();

describe('planner statistics', () => {
  it("know that a pass's product belongs to one tenant", async () => {
    const rows = await queryRows<{ name: string; kinds: string; columns: string }>(
      t.db,
      sql`SELECT s.stxname AS name, array_to_string(s.stxkind, ',') AS kinds,
                 (SELECT string_agg(a.attname, ',' ORDER BY a.attnum) FROM pg_attribute a
                   WHERE a.attrelid = s.stxrelid AND a.attnum = ANY (s.stxkeys)) AS columns
            FROM pg_statistic_ext s WHERE s.stxrelid = 'issued_passes'::regclass`,
    );
    expect(rows).toEqual([
      { name: 'issued_passes_tenant_product_stats', kinds: 'f', columns: 'tenant_id,product_id' },
    ]);
  });
});
