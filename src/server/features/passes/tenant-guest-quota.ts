import type { Database, Transaction } from '../../db/client';
import type { PassProductRow, PassProductRulesRow, TenantRow } from '../../db/schema';
import { findProductRules } from './queries';

type QuotaProduct = Pick<PassProductRow, 'id' | 'tenantId' | 'isVisitorOnly' | 'isBusinessProduct'>;

/** Whether the tenant's guest quota applies to a product: a visitor product of the tenant's own. */
export const takesTenantGuestQuota = (product: Pick<QuotaProduct, 'isVisitorOnly' | 'isBusinessProduct'>) =>
  product.isVisitorOnly && !product.isBusinessProduct;

/**
 * A product's rules with the tenant's guest quota (decision 249) in place of a quota it lacks: a
 * visitor product without a quota of its own takes the tenant's, so one setting caps every guest
 * pass. A product's own quota always wins; a business's products keep theirs (decision 223).
 */
export function withTenantGuestQuota(
  rules: PassProductRulesRow | null,
  product: QuotaProduct,
  tenant: TenantRow,
): PassProductRulesRow | null {
  if (rules?.quotaCount != null || !takesTenantGuestQuota(product)) return rules;
  const { guestQuotaCount, guestQuotaMeasure, guestQuotaPerDays, guestQuotaPer } = tenant;
  if (guestQuotaCount === null || !guestQuotaMeasure || !guestQuotaPerDays || !guestQuotaPer) return rules;
  return {
    ...(rules ?? noRules(product)),
    quotaCount: guestQuotaCount,
    quotaPeriod: 'DAY',
    quotaPeriodLength: guestQuotaPerDays,
    quotaPer: guestQuotaPer,
    quotaMeasure: guestQuotaMeasure,
  };
}

function noRules(product: QuotaProduct): PassProductRulesRow {
  return {
    productId: product.id,
    tenantId: product.tenantId,
    salesStart: null,
    salesEnd: null,
    weekdays: null,
    hoursFrom: null,
    hoursTo: null,
    windowFrom: null,
    windowTo: null,
    blackoutDates: [],
    quotaCount: null,
    quotaPeriod: null,
    quotaPeriodLength: null,
    quotaPer: null,
    quotaMeasure: null,
  };
}

/** The rules a quota check reads: the product's own, with the tenant's guest quota where it has none. */
export async function findQuotaRules(
  db: Database | Transaction,
  tenant: TenantRow,
  product: QuotaProduct,
): Promise<PassProductRulesRow | null> {
  return withTenantGuestQuota(await findProductRules(db, tenant.id, product.id), product, tenant);
}
