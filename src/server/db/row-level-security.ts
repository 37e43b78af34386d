import { sql } from 'drizzle-orm';
import { type Database, queryRows, type Transaction } from './client';

/** The role the app's request queries run as (created by migration 0990): owns nothing, bypasses nothing. */
export const APP_ROLE = 'portal_app';
/** The policy every tenant-owned table carries. */
export const TENANT_POLICY = 'tenant_isolation';
/** The per-connection setting the policy compares tenant_id with; '' (or unset) means no tenant. */
export const TENANT_SETTING = 'app.tenant_id';

interface TenantTable {
  table_name: string;
  data_type: string;
  has_rls: boolean;
  has_policy: boolean;
}

/** Every base table of the current schema with a tenant_id column, and what it already has. */
export function tenantOwnedTables(db: Database | Transaction): Promise<TenantTable[]> {
  return queryRows<TenantTable>(
    db,
    sql`SELECT c.table_name, c.data_type,
          cls.relrowsecurity AS has_rls,
          EXISTS (SELECT 1 FROM pg_policies p
                  WHERE p.schemaname = c.table_schema AND p.tablename = c.table_name
                    AND p.policyname = ${TENANT_POLICY}) AS has_policy
        FROM information_schema.columns c
        JOIN information_schema.tables t USING (table_schema, table_name)
        JOIN pg_class cls ON cls.oid = format('%I.%I', c.table_schema, c.table_name)::regclass
        WHERE c.table_schema = current_schema() AND c.column_name = 'tenant_id'
          AND t.table_type = 'BASE TABLE'
        ORDER BY c.table_name`,
  );
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Gives every tenant-owned table row-level security and the tenant policy, and portal_app its
 * table rights, where missing (idempotent; run at the end of every migrate()). The policy's
 * setting is cast to the column's type once per statement, so tenant_id indexes still serve.
 * Without the role (a migration list that stops before 0990) there is nothing to key it to.
 */
export async function syncRowLevelSecurity(tx: Transaction): Promise<string[]> {
  const [role] = await queryRows<{ exists: boolean }>(
    tx,
    sql`SELECT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = ${APP_ROLE}) AS exists`,
  );
  if (!role?.exists) return [];
  const changed: string[] = [];
  for (const table of await tenantOwnedTables(tx)) {
    const name = quoteIdent(table.table_name);
    if (!table.has_rls) await tx.execute(sql.raw(`ALTER TABLE ${name} ENABLE ROW LEVEL SECURITY`));
    if (!table.has_policy) {
      const current = `NULLIF(current_setting('${TENANT_SETTING}', true), '')::${table.data_type}`;
      await tx.execute(
        sql.raw(
          `CREATE POLICY ${TENANT_POLICY} ON ${name} TO ${APP_ROLE} ` +
            `USING (tenant_id = ${current}) WITH CHECK (tenant_id = ${current})`,
        ),
      );
    }
    if (!table.has_rls || !table.has_policy) changed.push(table.table_name);
  }
  // Tables and sequences made before 0990 (or by another owner) get the rights default privileges give new ones.
  await tx.execute(
    sql.raw(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${APP_ROLE}`),
  );
  await tx.execute(sql.raw(`GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${APP_ROLE}`));
  return changed;
}
