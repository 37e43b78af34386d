import { desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { PlatformTenant } from '../../../shared/contract';
import type { createTenantBodySchema } from '../../../shared/contract/platform-admin';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { operators, type PlatformAdminRow, type TenantRow, tenants } from '../../db/schema';
import { conflict } from '../../errors';
import { recordAudit } from '../audit';
import { isUniqueViolation } from '../customers';
import { enqueueOperatorInvitation } from '../operators';

const toPlatformTenant = (tenant: TenantRow, operatorCount: number): PlatformTenant => ({
  uuid: tenant.id,
  subdomain: tenant.subdomain,
  brandTitle: tenant.brandTitle,
  timezone: tenant.timezone,
  operatorCount,
  createdAt: tenant.createdAt.toISOString(),
});

export async function listPlatformTenants(db: Database): Promise<PlatformTenant[]> {
  const rows = await db
    .select({ tenant: tenants, operatorCount: sql<number>`count(${operators.id})::int` })
    .from(tenants)
    .leftJoin(operators, eq(operators.tenantId, tenants.id))
    .groupBy(tenants.id)
    .orderBy(desc(tenants.createdAt), tenants.subdomain);
  return rows.map((row) => toPlatformTenant(row.tenant, row.operatorCount));
}

/**
 * A new tenant with its defaults and its first admin, who is invited by email to set a password
 * on the tenant's own host. Tenant, operator, invitation and audit entry commit together.
 */
export async function createPlatformTenant(deps: {
  db: Database;
  config: Config;
  clock: Clock;
  admin: PlatformAdminRow;
  input: z.output<typeof createTenantBodySchema>;
}): Promise<PlatformTenant> {
  const { input } = deps;
  const now = deps.clock.now();
  try {
    const tenant = await deps.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(tenants)
        .values({
          subdomain: input.subdomain,
          brandTitle: input.brandTitle,
          timezone: input.timezone,
          createdAt: now,
        })
        .returning();
      if (!created) throw new Error('The tenant insert returned no row.');
      const [firstAdmin] = await tx
        .insert(operators)
        .values({
          tenantId: created.id,
          email: input.adminEmail.toLowerCase(),
          fullname: input.adminName,
          role: 'tenant_admin',
          createdAt: now,
        })
        .returning();
      if (!firstAdmin) throw new Error('The operator insert returned no row.');
      await enqueueOperatorInvitation({
        tx,
        config: deps.config,
        tenant: created,
        operator: firstAdmin,
        now,
        inviterName: 'The platform team',
        role: 'tenant_admin',
      });
      await recordAudit(tx, {
        tenantId: created.id,
        actor: { operatorId: null, label: `platform admin ${deps.admin.email}` },
        action: 'tenant.create',
        entityType: 'tenant',
        entityId: created.id,
        after: { subdomain: created.subdomain, brandTitle: created.brandTitle, firstAdmin: firstAdmin.email },
      });
      return created;
    });
    return toPlatformTenant(tenant, 1);
  } catch (error) {
    if (isUniqueViolation(error, 'tenants_subdomain_key')) {
      throw conflict(`The subdomain '${input.subdomain}' is already taken.`);
    }
    throw error;
  }
}
