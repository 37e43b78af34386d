import { and, eq, isNull } from 'drizzle-orm';
import type { QuotaStandingAnswer } from '../../../shared/contract';
import type { Database } from '../../db/client';
import { type CustomerRow, passQuotaOverrides, type TenantRow } from '../../db/schema';
import { notFound } from '../../errors';
import { readQuotaStanding } from './check-rules';
import { findProductWithDetails } from './queries';
import { findQuotaRules } from './tenant-guest-quota';

/**
 * GET /portal/permit/{id}/quota: what the signed-in customer has left of the product's quota, so
 * the checkout can say it before they choose times ("You have 24 hours of guest parking left
 * until Dec 3."). Counted as the issue counts it (a business member's as their business's);
 * null for a product without a quota, a per-plate quota, or a signed-out visitor.
 */
export async function getQuotaStanding(options: {
  db: Database;
  tenant: TenantRow;
  productId: string;
  customer: CustomerRow | null;
  now: Date;
}): Promise<{ quota: QuotaStandingAnswer | null }> {
  const { db, tenant, customer, now } = options;
  const details = await findProductWithDetails(db, tenant.id, options.productId, now);
  if (!details) throw notFound('Pass');
  const rules = await findQuotaRules(db, tenant, details.row);
  // A per-plate quota is known only once the plate is given, at checkout.
  if (!customer || !rules?.quotaPer || rules.quotaPer === 'plate') return { quota: null };
  const businessAccountId = details.row.isBusinessProduct ? customer.businessAccountId : null;
  const found = await readQuotaStanding(db, {
    tenantId: tenant.id,
    productId: details.row.id,
    rules,
    subjects: { customerId: customer.id, email: customer.email, plate: null, businessAccountId },
    now,
    timeZone: tenant.timezone,
  });
  if (!found) return { quota: null };
  const [override] = await db
    .select({ id: passQuotaOverrides.id })
    .from(passQuotaOverrides)
    .where(
      and(
        eq(passQuotaOverrides.tenantId, tenant.id),
        eq(passQuotaOverrides.productId, details.row.id),
        eq(passQuotaOverrides.customerId, customer.id),
        isNull(passQuotaOverrides.usedAt),
      ),
    );
  const { rule, standing } = found;
  return {
    quota: {
      measure: standing.measure,
      limit: standing.limit,
      used: Math.round(standing.used * 100) / 100,
      remaining: standing.remaining,
      perDays: rule.period === 'DAY' ? rule.periodLength : null,
      until: standing.until?.toISOString() ?? null,
      hasOverride: override !== undefined,
    },
  };
}
