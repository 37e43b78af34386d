import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDriver } from '../../../tests/support/test-database';
import { type DatabaseHandle, openDatabase, queryRows } from './client';
import { migrate, readMigrations } from './migrate';

/**
 * Migration 0700 turns today's business customers (marked by customer_entity_name) into members
 * of business accounts. Checked on a database stopped just before it, with data in it; the SQL is
 * the same on both drivers, so it runs once, on an in-memory PGlite (the PGlite project).
 */
const isPglite = testDriver() === 'pglite';
let handle: DatabaseHandle;
beforeAll(async () => {
  if (!isPglite) return;
  handle = await openDatabase({ pgliteDir: 'memory' });
  const all = readMigrations();
  await migrate(
    handle.db,
    all.filter((migration) => migration.name < '0700'),
  );
  await handle.db.execute(sql`INSERT INTO tenants (id, subdomain, brand_title)
    VALUES ('11111111-1111-4111-8111-111111111111', 'mig', 'Mig'), ('22222222-2222-4222-8222-222222222222', 'mig2', 'Mig 2')`);
  await handle.db.execute(sql`INSERT INTO customers (tenant_id, customer_public_id, fullname, email, password_hash, customer_entity_name)
    VALUES ('11111111-1111-4111-8111-111111111111', '1', 'A', 'a@example.com', 'h', 'Acme Fleet'),
           ('11111111-1111-4111-8111-111111111111', '2', 'B', 'b@example.com', 'h', ' acme fleet '),
           ('11111111-1111-4111-8111-111111111111', '3', 'C', 'c@example.com', 'h', NULL),
           ('22222222-2222-4222-8222-222222222222', '4', 'D', 'd@example.com', 'h', 'Acme Fleet')`);
  await migrate(handle.db, all);
});
afterAll(() => handle?.close());

describe.runIf(isPglite)('migration 0700: business accounts from customer_entity_name', () => {
  it('makes one business account per tenant and name, and links its customers', async () => {
    const rows = await queryRows<{
      email: string;
      created_via: string;
      entity: string | null;
      account: string | null;
      tenant: string;
    }>(
      handle.db,
      sql`SELECT c.email, c.created_via, c.customer_entity_name AS entity, b.name AS account, t.subdomain AS tenant
          FROM customers c JOIN tenants t ON t.id = c.tenant_id
          LEFT JOIN business_accounts b ON b.id = c.business_account_id ORDER BY c.email`,
    );
    expect(rows).toEqual([
      {
        email: 'a@example.com',
        created_via: 'signup',
        entity: 'Acme Fleet',
        account: 'Acme Fleet',
        tenant: 'mig',
      },
      {
        email: 'b@example.com',
        created_via: 'signup',
        entity: 'Acme Fleet',
        account: 'Acme Fleet',
        tenant: 'mig',
      },
      { email: 'c@example.com', created_via: 'signup', entity: null, account: null, tenant: 'mig' },
      {
        email: 'd@example.com',
        created_via: 'signup',
        entity: 'Acme Fleet',
        account: 'Acme Fleet',
        tenant: 'mig2',
      },
    ]);
    const [accounts] = await queryRows<{ n: number }>(
      handle.db,
      sql`SELECT count(*)::int AS n FROM business_accounts`,
    );
    expect(accounts!.n).toBe(2);
  });

  it('makes existing operators tenant admins', async () => {
    await handle.db.execute(sql`INSERT INTO operators (tenant_id, email, fullname, password_hash)
      VALUES ('11111111-1111-4111-8111-111111111111', 'ops@example.com', 'Ops', 'h')`);
    const [operator] = await queryRows<{ role: string }>(handle.db, sql`SELECT role FROM operators`);
    expect(operator!.role).toBe('tenant_admin');
  });

  it('refuses a sign-up account without a password, and a business account of another tenant', async () => {
    await expect(
      handle.db.execute(sql`INSERT INTO customers (tenant_id, customer_public_id, fullname, email)
        VALUES ('11111111-1111-4111-8111-111111111111', '9', 'N', 'n@example.com')`),
    ).rejects.toThrow();
    await expect(
      handle.db.execute(sql`UPDATE customers SET business_account_id =
        (SELECT id FROM business_accounts WHERE tenant_id = '22222222-2222-4222-8222-222222222222')
        WHERE email = 'c@example.com'`),
    ).rejects.toThrow();
  });
});
