import { and, eq, isNull } from 'drizzle-orm';
import type { PermitProduct } from '../../../shared/contract';
import { passMessages } from '../../../shared/messages/passes';
import type { Database } from '../../db/client';
import { type CustomerRow, passAccessCodes, type TenantRow } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import { checkProductRules } from './check-rules';
import { toPermitProduct } from './presenters';
import { type CatalogueFilter, findProductWithDetails, listProducts } from './queries';
import { findQuotaRules } from './tenant-guest-quota';

/**
 * A private, sign-in-only portal (accounts by sign-up code) shows its passes to its account
 * holders only: a signed-out visitor gets a 401, as for any signed-in page.
 */
export function assertCatalogueVisible(tenant: TenantRow, customer: CustomerRow | null): void {
  if (tenant.isPrivate && tenant.isLoginOnly && !customer) {
    throw new AppError(401, 'unauthorized', passMessages.catalogueSignInRequired);
  }
}

export async function listCatalogue(options: {
  db: Database;
  tenant: TenantRow;
  filter: CatalogueFilter;
  now: Date;
}): Promise<PermitProduct[]> {
  const products = await listProducts(options.db, options.tenant.id, options.filter, options.now);
  return products.map(toPermitProduct);
}

/** The business products a business account's members see. */
export async function listBusinessCatalogue(options: {
  db: Database;
  tenant: TenantRow;
  customer: CustomerRow;
  now: Date;
}) {
  if (!options.customer.businessAccountId) throw forbidden('Only business accounts have business products.');
  return listCatalogue({ ...options, filter: { businessAccountId: options.customer.businessAccountId } });
}

export async function getProduct(options: { db: Database; tenant: TenantRow; productId: string; now: Date }) {
  const details = await findProductWithDetails(options.db, options.tenant.id, options.productId, options.now);
  if (!details) throw notFound('Pass');
  return toPermitProduct(details);
}

/**
 * GET /portal/permit/{id}/rules: the courtesy check on choosing a pass. The same rules are
 * enforced again, under the product's lock, when the pass is issued.
 */
export async function checkRulesNow(options: {
  db: Database;
  tenant: TenantRow;
  productId: string;
  customer: CustomerRow | null;
  plate: string | null;
  now: Date;
}): Promise<{ isAllowed: true }> {
  const { db, tenant, now } = options;
  const details = await findProductWithDetails(db, tenant.id, options.productId, now);
  if (!details) throw notFound('Pass');
  await checkProductRules(db, {
    tenantId: tenant.id,
    productId: details.row.id,
    rules: await findQuotaRules(db, tenant, details.row),
    subjects: { customerId: options.customer?.id ?? null, email: null, plate: options.plate },
    addingHours: 0,
    now,
    timeZone: tenant.timezone,
  });
  return { isAllowed: true };
}

/** GET /portal/customer/{id}/permit/permitcode/{code}: the product an unused access code opens. */
export async function lookupAccessCode(options: {
  db: Database;
  tenant: TenantRow;
  customer: CustomerRow;
  customerId: string;
  code: string;
}): Promise<{ permitProductUUID: string }> {
  const failed = () => new AppError(404, 'invalid_access_code', passMessages.accessCodeLookupFailed);
  if (options.customerId !== options.customer.id || options.code.length === 0) throw failed();
  const [row] = await options.db
    .select({ productId: passAccessCodes.productId })
    .from(passAccessCodes)
    .where(
      and(
        eq(passAccessCodes.tenantId, options.tenant.id),
        eq(passAccessCodes.code, options.code),
        isNull(passAccessCodes.usedAt),
      ),
    );
  if (!row) throw failed();
  return { permitProductUUID: row.productId };
}

/** GET /dashboard/permit/{id}/access-codes/{code}/checkcode: the code is this product's and unused. */
export async function checkAccessCode(options: {
  db: Database;
  tenant: TenantRow;
  productId: string;
  code: string;
  now: Date;
}) {
  // Another tenant's product is as unknown as a made-up one.
  await getProduct(options);
  const [row] = await options.db
    .select({ usedAt: passAccessCodes.usedAt })
    .from(passAccessCodes)
    .where(
      and(
        eq(passAccessCodes.tenantId, options.tenant.id),
        eq(passAccessCodes.productId, options.productId),
        eq(passAccessCodes.code, options.code),
      ),
    );
  if (!row || row.usedAt) throw new AppError(409, 'invalid_access_code', passMessages.invalidAccessCode);
  return { isValid: true as const };
}
