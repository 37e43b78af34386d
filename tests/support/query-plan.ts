import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../src/server/db/client';
import { APP_ROLE, TENANT_SETTING } from '../../src/server/db/row-level-security';

/**
 * The plan of a query as the app runs it: as portal_app under the tenant policy (decision 152),
 * with sequential scans priced out, so the plan shows which conditions an index can take. Under
 * row-level security only leakproof operators can (decision 238): a LIKE or a lower() then shows
 * as a Filter, a `^@` on a kept column as an Index Cond. Rolled back, so nothing is changed.
 */
export async function planUnderTenantPolicy(
  db: Database,
  tenantId: string,
  query: SQLWrapper | SQL,
): Promise<string> {
  let plan = '';
  await db
    .transaction(async (tx) => {
      await tx.execute(sql.raw(`SET LOCAL ROLE ${APP_ROLE}`));
      await tx.execute(sql`SELECT set_config(${TENANT_SETTING}, ${tenantId}, true)`);
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const rows = await queryRows<Record<string, string>>(tx, sql`EXPLAIN ${query}`);
      plan = rows.map((row) => Object.values(row)[0]).join('\n');
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!plan) throw error;
    });
  return plan;
}
