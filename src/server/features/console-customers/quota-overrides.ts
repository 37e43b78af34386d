import { and, asc, eq, isNull } from 'drizzle-orm';
import type { CustomerQuotas } from '../../../shared/contract';
import { guestQuotaMessages } from '../../../shared/messages/guest-quotas';
import type { QuotaSubject } from '../../../shared/rules/pass-values';
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
import { takesTenantGuestQuota } from '../passes';
import { findTenantCustomer } from './customer-profile';

/**
 * An operator's override of a product's quota for one customer (decision 223): granted here,
 * audited, and taken by the customer's next pass of the product past the cap (issue-pass.ts).
 */
async function customerQuotas(
  db: Database | Transaction,
  tenant: TenantRow,
  customerId: string,
): Promise<CustomerQuotas> {
  const tenantId = tenant.id;
  const products = (await productsWithQuotaRules(db, tenant))
    .filter((product) => isOverridable(product, tenant))
    .map(({ uuid, name }) => ({ uuid, name }));
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

/** The tenant's products (or one of them) with whom their own quota counts, if any. */
function productsWithQuotaRules(db: Database | Transaction, tenant: TenantRow, productId?: string) {
  return db
    .select({
      uuid: passProducts.id,
      name: passProducts.name,
      isVisitorOnly: passProducts.isVisitorOnly,
      isBusinessProduct: passProducts.isBusinessProduct,
      quotaPer: passProductRules.quotaPer,
    })
    .from(passProducts)
    .leftJoin(
      passProductRules,
      and(
        eq(passProductRules.tenantId, passProducts.tenantId),
        eq(passProductRules.productId, passProducts.id),
      ),
    )
    .where(
      and(
        eq(passProducts.tenantId, tenant.id),
        isNull(passProducts.archivedAt),
        productId ? eq(passProducts.id, productId) : undefined,
      ),
    )
    .orderBy(asc(passProducts.sortOrder), asc(passProducts.name));
}

/**
 * An account's override lets one pass past a quota counted by account or by household: the
 * product's own, or the tenant's guest quota on a visitor product without one (decision 249).
 */
function isOverridable(
  product: { isVisitorOnly: boolean; isBusinessProduct: boolean; quotaPer: QuotaSubject | null },
  tenant: TenantRow,
) {
  const per = product.quotaPer ?? (takesTenantGuestQuota(product) ? tenant.guestQuotaPer : null);
  return per === 'customer' || per === 'unit';
}

/** GET /dashboard/customers/{uuid}/quota-overrides; another tenant's customer is a 404. */
export async function listQuotaOverrides(options: { db: Database; tenant: TenantRow; customerId: string }) {
  await findTenantCustomer(options.db, options.tenant.id, options.customerId);
  return customerQuotas(options.db, options.tenant, options.customerId);
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
    const [product] = await productsWithQuotaRules(tx, tenant, productId);
    if (!product || !isOverridable(product, tenant)) {
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
    return customerQuotas(tx, tenant, customerId);
  });
}
