import { and, count, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { GraphData } from '../../../shared/contract';
import { localDateIn, shiftLocalDate, startOfLocalDay } from '../../../shared/format/zoned-time';
import { PASS_PAID_STATUSES } from '../../../shared/rules/pass-values';
import type { Database } from '../../db/client';
import { productOfPass } from '../../db/pass-joins';
import { type CustomerRow, issuedPasses, passProducts, type TenantRow } from '../../db/schema';
import { notFound } from '../../errors';
import { requireBusinessAccountId } from './permit-lists';

/** The charts cover the last 30 tenant-local calendar days, today included. */
export const GRAPH_DAYS = 30;

/**
 * Passes issued per day, by product and by status over the last 30 days, counted by each pass's
 * issue time (issuedOn: the ISSUED AT the pass list under the charts shows, so the two agree;
 * when the row was written may differ, as for imported passes), days cut at the tenant's local
 * midnight (a DST day is 23 or 25 hours). A pass issued for a later day counts from that day.
 * Every day and every status is present, with 0 where nothing happened.
 */
async function graphDataOf(options: {
  db: Database;
  tenant: TenantRow;
  owner: SQL;
  now: Date;
}): Promise<GraphData> {
  const { db, tenant } = options;
  const today = localDateIn(options.now, tenant.timezone);
  const firstDay = shiftLocalDate(today, -(GRAPH_DAYS - 1));
  const since = startOfLocalDay(firstDay, tenant.timezone);
  const until = startOfLocalDay(shiftLocalDate(today, 1), tenant.timezone);
  const where = and(
    eq(issuedPasses.tenantId, tenant.id),
    options.owner,
    gte(issuedPasses.issuedOn, since),
    lt(issuedPasses.issuedOn, until),
  );
  // Grouped by position: the zone is a bound parameter, and the same expression written twice
  // binds it twice, which PostgreSQL does not see as one GROUP BY expression.
  const localDay = sql<string>`to_char(${issuedPasses.issuedOn} AT TIME ZONE ${tenant.timezone}, 'YYYY-MM-DD')`;

  const [perDay, perProduct, perStatus] = await Promise.all([
    db.select({ date: localDay, count: count() }).from(issuedPasses).where(where).groupBy(sql`1`),
    db
      .select({ name: passProducts.name, count: count() })
      .from(issuedPasses)
      .innerJoin(passProducts, productOfPass)
      .where(where)
      .groupBy(passProducts.name)
      .orderBy(sql`count(*) DESC`, passProducts.name),
    db
      .select({ status: issuedPasses.paidStatus, count: count() })
      .from(issuedPasses)
      .where(where)
      .groupBy(issuedPasses.paidStatus),
  ]);

  const byDate = new Map(perDay.map((row) => [row.date, Number(row.count)]));
  const byStatus = new Map(perStatus.map((row) => [row.status, Number(row.count)]));
  return {
    issuedPerDay: Array.from({ length: GRAPH_DAYS }, (_unused, index) => {
      const date = shiftLocalDate(firstDay, index);
      return { date, count: byDate.get(date) ?? 0 };
    }),
    byProduct: perProduct.map((row) => ({ name: row.name, count: Number(row.count) })),
    byStatus: PASS_PAID_STATUSES.map((status) => ({ status, count: byStatus.get(status) ?? 0 })),
  };
}

/** GET /dashboard/customerpermits/:id/graphdata: only the signed-in customer's own id. */
export function customerGraphData(options: {
  db: Database;
  tenant: TenantRow;
  customer: CustomerRow;
  customerId: string;
  now: Date;
}) {
  if (options.customerId !== options.customer.id) throw notFound('Customer');
  return graphDataOf({ ...options, owner: eq(issuedPasses.customerId, options.customer.id) });
}

/**
 * GET /dashboard/businesspermits/:id/graphdata: a standard account is refused (403), another
 * business account's id is not found (404).
 */
export function businessGraphData(options: {
  db: Database;
  tenant: TenantRow;
  customer: CustomerRow;
  businessAccountId: string;
  now: Date;
}) {
  const mine = requireBusinessAccountId(options.customer);
  if (options.businessAccountId !== mine) throw notFound('Business account');
  return graphDataOf({ ...options, owner: eq(issuedPasses.businessAccountId, mine) });
}
