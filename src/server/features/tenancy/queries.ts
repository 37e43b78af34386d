import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import { type TenantRow, tenants } from '../../db/schema';

// Every process reads each tenant it serves again when its cached copy runs out (TENANT_CACHE_SECONDS):
// prepared, so neither Drizzle nor PostgreSQL builds the statement again each time.
const findBySubdomain = perDatabase((db) =>
  db
    .select()
    .from(tenants)
    .where(eq(tenants.subdomain, sql.placeholder('subdomain')))
    .limit(1)
    .prepare('tenants_find_by_subdomain'),
);

export async function findTenantBySubdomain(db: Database, subdomain: string): Promise<TenantRow | null> {
  const [row] = await findBySubdomain(db).execute({ subdomain });
  return row ?? null;
}
