import { and, asc, eq, isNull } from 'drizzle-orm';
import type { CustomerQuotas } from '../../../shared/contract';
import { guestQuotaMessages } from '../../../shared/messages/guest-quotas';
import type { Database, Transaction } from '../../db/client';
import {
  type OperatorRow,
  passProductRules,
  passProducts,
  passQuotaOverrides,
  type TenantRow,
} from '../../db/schema';
import { AppError, conflict } from '../../errors';
import { recordAudit } from '../audit';
import { auditActorOf } from '../console-notices';
import { findTenantCustomer } from './customer-profile';

/**
 * An operator's override of a product's quota for one customer (decision 223): granted here,
 * audited, and taken by the customer's next pass of the product past the cap (issue-pass.ts).
 */
async function customerQuotas(
  db: Database | Transaction,
  tenantId: string,
  customerId: string,
): Promise<CustomerQuotas> {
  const products = await db
    .select({ uuid: passProducts.id, name: passProducts.name })
    .from(passProducts)
    .innerJoin(
      passProductRules,
      and(
        eq(passProductRules.tenantId, passProducts.tenantId),
        eq(passProductRules.productId, passProducts.id),
      ),
    )
    .where(
      and(
        eq(passProducts.tenantId, tenantId),
        isNull(passProducts.archivedAt),
        eq(passProductRules.quotaPer, 'customer'),
      ),
    )
    .orderBy(asc(passProducts.sortOrder), asc(passProducts.name));
  const pending = await db
    .select({
      uuid: passQuotaOverrides.id,
      productUUID: passQuotaOverrides.productId,
      productName: passProducts.name,
      reason: passQuotaOverrides.reason,
      createdAt: passQuotaOverrides.createdAt,
    })
    .from(passQuotaOverrides)
    .innerJoin(
      passProducts,
      and(
        eq(passProducts.tenantId, passQuotaOverrides.tenantId),
        eq(passProducts.id, passQuotaOverrides.productId),
      ),
    )
    .where(
      and(
        eq(passQuotaOverrides.tenantId, tenantId),
        eq(passQuotaOverrides.customerId, customerId),
        isNull(passQuotaOverrides.usedAt),
      ),
    )
    .orderBy(asc(passQuotaOverrides.createdAt));
  return {
    products,
    pending: pending.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
  };
}

/** GET /dashboard/customers/{uuid}/quota-overrides; another tenant's customer is a 404. */
export async function listQuotaOverrides(options: { db: Database; tenant: TenantRow; customerId: string }) {
  await findTenantCustomer(options.db, options.tenant.id, options.customerId);
  return customerQuotas(options.db, options.tenant.id, options.customerId);
}

/**
 * POST /dashboard/customers/{uuid}/quota-overrides: one override per customer and product until
 * it is used (a second is a 409); a product without a per-customer quota is a 400.
 */
export async function grantQuotaOverride(options: {
  db: Database;
  tenant: TenantRow;
  operator: OperatorRow;
  customerId: string;
  productId: string;
  reason: string | null;
  now: Date;
}): Promise<CustomerQuotas> {
  const { db, tenant, customerId, productId, now } = options;
  return db.transaction(async (tx) => {
    await findTenantCustomer(tx, tenant.id, customerId, { forUpdate: true });
    const [product] = await tx
      .select({ id: passProducts.id, name: passProducts.name, quotaPer: passProductRules.quotaPer })
      .from(passProducts)
      .leftJoin(
        passProductRules,
        and(
          eq(passProductRules.tenantId, passProducts.tenantId),
          eq(passProductRules.productId, passProducts.id),
        ),
      )
      .where(and(eq(passProducts.tenantId, tenant.id), eq(passProducts.id, productId)));
    if (product?.quotaPer !== 'customer') {
      throw new AppError(400, 'bad_request', guestQuotaMessages.overrideNoQuota);
    }
    const [created] = await tx
      .insert(passQuotaOverrides)
      .values({
        tenantId: tenant.id,
        productId,
        customerId,
        reason: options.reason,
        grantedByOperatorId: options.operator.id,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: passQuotaOverrides.id });
    if (!created) throw conflict(guestQuotaMessages.overrideExists);
    await recordAudit(tx, {
      tenantId: tenant.id,
      actor: auditActorOf(options.operator),
      action: 'customer.quota-override',
      entityType: 'customer',
      entityId: customerId,
      after: { productId, productName: product.name, reason: options.reason },
    });
    return customerQuotas(tx, tenant.id, customerId);
  });
}
