import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runsMigrationTests, useDatabaseAcrossMigration } from '../../../tests/support/migration-test';
import { queryRows } from './client';

/**
 * Migration 1000 puts stored plates in canonical form (decision 174). Checked on a database
 * stopped just before it, holding saved vehicles that collide once canonical: the migration must
 * merge them, not fail. The SQL is the same on both drivers, so it runs once, on PGlite.
 */
const TENANT = '11111111-1111-4111-8111-111111111111';
const CUSTOMER = '33333333-3333-4333-8333-333333333333';
const migrated = useDatabaseAcrossMigration('1000', async (db) => {
  await db.execute(sql`INSERT INTO tenants (id, subdomain, brand_title) VALUES (${TENANT}, 'mig', 'Mig')`);
  await db.execute(sql`INSERT INTO customers (id, tenant_id, customer_public_id, fullname, email, password_hash)
    VALUES (${CUSTOMER}, ${TENANT}, '1', 'A', 'a@example.com', 'h')`);
  await db.execute(sql`INSERT INTO customer_vehicles (tenant_id, customer_id, plate, make, color, created_at) VALUES
    (${TENANT}, ${CUSTOMER}, 'ab-123', 'KIA', NULL, '2026-01-01T00:00:00Z'),
    (${TENANT}, ${CUSTOMER}, 'AB 12.3', 'FORD', 'RED', '2026-02-01T00:00:00Z'),
    (${TENANT}, ${CUSTOMER}, 'XY 9', NULL, NULL, '2026-03-01T00:00:00Z')`);
  await db.execute(sql`INSERT INTO citations (tenant_id, citation_number, plate, created_on, payment_status, amount)
    VALUES (${TENANT}, 'N-1', 'ab-c 12.3', now(), 'Open', 100)`);
});

describe.runIf(runsMigrationTests)('migration 1000: canonical plates', () => {
  it('keeps the oldest of the vehicles that collide, with the details it lacked', async () => {
    const rows = await queryRows<{
      plate: string;
      plate_normalized: string;
      make: string;
      color: string | null;
    }>(
      migrated.db,
      sql`SELECT plate, plate_normalized, make, color FROM customer_vehicles ORDER BY created_at`,
    );
    expect(rows).toEqual([
      { plate: 'AB-123', plate_normalized: 'AB123', make: 'KIA', color: 'RED' },
      { plate: 'XY 9', plate_normalized: 'XY9', make: null, color: null },
    ]);
  });

  it('stores a notice’s plate in canonical form, where the indexed search finds it', async () => {
    const rows = await queryRows<{ plate: string }>(migrated.db, sql`SELECT plate FROM citations`);
    expect(rows).toEqual([{ plate: 'ABC123' }]);
  });
});
