import { and, asc, desc, eq, gte, lt, or, type SQL, sql } from 'drizzle-orm';
import type { NoticeFilter, NoticeSortKey } from '../../../shared/contract';
import { localDayBounds } from '../../../shared/format/zoned-time';
import { canonicalPlate, normaliseSearchTerm } from '../../../shared/rules';
import { citations } from '../../db/schema';
import { keysetAfter, keysetSortKey } from '../lists';

/** The amount in force, as the list shows and sorts it (matches citations_tenant_amount_idx). */
export const amountInForce = sql<number>`coalesce(${citations.amountOverride}, ${citations.amount})`;

/**
 * The WHERE of the console's list and export. Every condition starts with the tenant, and each
 * has an index of migration 0840 (or 0001) to start from.
 */
export function noticeConditions(tenant: { id: string; timezone: string }, filter: NoticeFilter): SQL {
  const conditions: (SQL | undefined)[] = [eq(citations.tenantId, tenant.id)];
  // One box takes a plate or a notice number: notices keep canonical plates, numbers as issued.
  const term = normaliseSearchTerm(filter.q);
  const plate = canonicalPlate(filter.q);
  if (term) {
    // `^@` (starts_with), not LIKE: under row-level security only leakproof operators become index
    // conditions, and LIKE is not, so a LIKE read every notice of the tenant (decision 231).
    conditions.push(
      or(
        plate ? sql`${citations.plate} ^@ ${plate}` : undefined,
        sql`${citations.citationNumber} ^@ ${term}`,
      ),
    );
  }
  if (filter.status) conditions.push(eq(citations.paymentStatus, filter.status));
  if (filter.codeUUID) conditions.push(eq(citations.citationCodeId, filter.codeUUID));
  const { since, until } = localDayBounds(filter, tenant.timezone);
  if (since) conditions.push(gte(citations.createdOn, since));
  if (until) conditions.push(lt(citations.createdOn, until));
  return and(...conditions)!;
}

const SORT_COLUMNS: Record<NoticeSortKey, SQL[]> = {
  issued: [sql`${citations.createdOn}`],
  amount: [amountInForce],
  status: [sql`${citations.paymentStatus}`, sql`${citations.createdOn}`],
  plate: [sql`${citations.plate}`],
};

/** The sort key's columns, then the id: a total order, so pages and export batches are stable. */
export function noticeSortColumns(filter: Pick<NoticeFilter, 'sort'>): SQL[] {
  return [...SORT_COLUMNS[filter.sort], sql`${citations.id}`];
}

/** The ORDER BY of the list and the export. */
export function noticeOrder(filter: Pick<NoticeFilter, 'sort' | 'order'>): SQL[] {
  const direction = filter.order === 'asc' ? asc : desc;
  return noticeSortColumns(filter).map((column) => direction(column));
}

/** The rows after `lastKey` in the list's order (the shared keyset of src/server/features/lists/csv-export.ts). */
export function noticesAfter(filter: Pick<NoticeFilter, 'sort' | 'order'>, lastKey: readonly string[]): SQL {
  return keysetAfter(noticeSortColumns(filter), filter.order, lastKey);
}

/** The sort columns' values of a row as text, to continue after it with `noticesAfter`. */
export function noticeSortKey(filter: Pick<NoticeFilter, 'sort'>): SQL<string[]> {
  return keysetSortKey(noticeSortColumns(filter));
}
