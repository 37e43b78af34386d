import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type TenantRow, tenants } from '../../db/schema';

export async function findTenantBySubdomain(db: Database, subdomain: string): Promise<TenantRow | null> {
  const [row] = await db.select().from(tenants).where(eq(tenants.subdomain, subdomain)).limit(1);
  return row ?? null;
}
