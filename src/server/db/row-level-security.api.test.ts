import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildCitation, buildTenant } from '../../../tests/support/factories';
import { useTestApp } from '../../../tests/support/test-app';
import { testDriver } from '../../../tests/support/test-database';
import { queryRows } from './client';
import { APP_ROLE, TENANT_POLICY, tenantOwnedTables } from './row-level-security';
import { enterTenant, runInRequestScope, withSystemScope } from './tenant-scope';

/**
 * Row-level security as a second wall (issue 13, decision 152): a query that forgets its tenant
 * filter, run as the app's request role, sees the request's tenant's rows only, and none before
 * the tenant is known. Tested on PostgreSQL as that role; PGlite (one embedded superuser session)
 * carries the same policies, which do not apply to it.
 */
const alpha = buildTenant({
  subdomain: 'alpha',
  citations: [buildCitation({ citationNumber: 'RLS-A1' }), buildCitation({ citationNumber: 'RLS-A2' })],
});
const beta = buildTenant({ subdomain: 'beta', citations: [buildCitation({ citationNumber: 'RLS-B1' })] });
const t = useTestApp({ seed: { tenants: [alpha, beta] } });

/** The notice numbers an unfiltered query sees, and who it runs as. */
async function unfilteredNotices() {
  const rows = await queryRows<{ citation_number: string }>(
    t.db,
    sql`SELECT citation_number FROM citations ORDER BY citation_number`,
  );
  const [who] = await queryRows<{ current_user: string }>(t.db, sql`SELECT current_user`);
  return { numbers: rows.map((row) => row.citation_number), user: who?.current_user };
}

/** As a request does: its own scope, then its tenant once the host has named it. */
function inRequestOf(tenantId: string | null) {
  return runInRequestScope(async () => {
    if (tenantId) enterTenant(tenantId);
    return unfilteredNotices();
  });
}

describe('row-level security', () => {
  it('gives every table with a tenant_id column its tenant policy', async () => {
    const tables = await tenantOwnedTables(t.db);
    expect(tables.length).toBeGreaterThan(10);
    const unguarded = tables.filter((table) => !table.has_rls || !table.has_policy).map((t) => t.table_name);
    expect(unguarded).toEqual([]);
    const policies = await queryRows<{ tablename: string; roles: string }>(
      t.db,
      sql`SELECT tablename, roles::text FROM pg_policies WHERE policyname = ${TENANT_POLICY}`,
    );
    expect(policies).toHaveLength(tables.length);
    expect(policies.every((policy) => policy.roles.includes(APP_ROLE))).toBe(true);
  });

  it.runIf(testDriver() === 'postgres')('runs requests as a role that cannot bypass it', async () => {
    const [role] = await queryRows<{ rolsuper: boolean; rolbypassrls: boolean }>(
      t.db,
      sql`SELECT rolsuper, rolbypassrls FROM pg_roles WHERE rolname = ${APP_ROLE}`,
    );
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false });
    const owned = await queryRows<{ relname: string }>(
      t.db,
      sql`SELECT relname FROM pg_class WHERE relowner = (SELECT oid FROM pg_roles WHERE rolname = ${APP_ROLE})`,
    );
    expect(owned).toEqual([]);
    expect((await inRequestOf(null)).user).toBe(APP_ROLE);
  });

  it.runIf(testDriver() === 'postgres')(
    "shows a query without a tenant filter the request's tenant's rows only",
    async () => {
      const alphaId = (await t.app.tenants.get('alpha'))?.id as string;
      const betaId = (await t.app.tenants.get('beta'))?.id as string;
      expect((await inRequestOf(alphaId)).numbers).toEqual(['RLS-A1', 'RLS-A2']);
      expect((await inRequestOf(betaId)).numbers).toEqual(['RLS-B1']);
      // Before the host has named a tenant: nothing, not everything.
      expect((await inRequestOf(null)).numbers).toEqual([]);
      // The owner (migrations, sweeps) and an explicit system scope see every tenant.
      expect((await unfilteredNotices()).numbers).toEqual(['RLS-A1', 'RLS-A2', 'RLS-B1']);
      const system = await runInRequestScope(() => withSystemScope(unfilteredNotices));
      expect(system.numbers).toEqual(['RLS-A1', 'RLS-A2', 'RLS-B1']);
    },
  );

  it.runIf(testDriver() === 'postgres')("refuses to write a row into another tenant's name", async () => {
    const alphaId = (await t.app.tenants.get('alpha'))?.id as string;
    const betaId = (await t.app.tenants.get('beta'))?.id as string;
    const moved = runInRequestScope(async () => {
      enterTenant(alphaId);
      return t.db.execute(sql`UPDATE citations SET tenant_id = ${betaId} WHERE citation_number = 'RLS-A1'`);
    });
    await expect(moved).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/row-level security/) },
    });
    const hidden = await runInRequestScope(async () => {
      enterTenant(alphaId);
      return queryRows(
        t.db,
        sql`UPDATE citations SET amount = 0 WHERE citation_number = 'RLS-B1' RETURNING 1`,
      );
    });
    expect(hidden).toEqual([]);
  });
});
