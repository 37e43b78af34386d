import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  ConsoleCustomerSummary,
  CustomerPage,
  listCustomersQuerySchema,
} from '../../../shared/contract';
import type { Database } from '../../db/client';
import { type CustomerRow, customerSearchTerms, customers, type TenantRow } from '../../db/schema';
import { countUpTo, isAnyOf, searchTermOf, totalOfLastPage } from '../lists';

export const toCustomerSummary = (row: CustomerRow): ConsoleCustomerSummary => ({
  uuid: row.id,
  customerPublicId: row.customerPublicId,
  fullname: row.fullname,
  email: row.email,
  customerEntityName: row.customerEntityName,
  isGuestCodesActive: row.isGuestCodesActive,
  createdAt: row.createdAt.toISOString(),
});

/** The list's order: by name in any case, then the id (a total order, which the export continues). */
export function customerOrderColumns(): SQL[] {
  return [sql`lower(${customers.fullname})`, sql`${customers.id}`];
}

/**
 * The tenant's customers a search matches: the start of the email or of the name, or the start of
 * a later word of the name. Each customer's lower-cased email, name and name from each later word
 * on are kept in customer_search_terms (migration 1270), so under row-level security the search is
 * one `^@` range read of its index (decision 238); lower() and LIKE would read every customer.
 */
export function customerSearchWhere(tenant: TenantRow, q: string | undefined): SQL | undefined {
  const term = searchTermOf(q ?? '');
  const search = term
    ? isAnyOf(
        customers.id,
        sql`(SELECT ${customerSearchTerms.customerId} FROM ${customerSearchTerms} WHERE ${customerSearchTerms.tenantId} = ${tenant.id} AND ${customerSearchTerms.term} ^@ ${term})`,
      )
    : undefined;
  return and(eq(customers.tenantId, tenant.id), search);
}

/**
 * A page of the tenant's customers in name order. The search matches the start of the email or
 * of the name, or the start of a later word of the name ('smi' finds 'Ana Smith').
 */
export async function listCustomers(options: {
  db: Database;
  tenant: TenantRow;
  query: z.output<typeof listCustomersQuerySchema>;
}): Promise<CustomerPage> {
  const { db, tenant, query } = options;
  const where = customerSearchWhere(tenant, query.q);
  const rows = await db
    .select()
    .from(customers)
    .where(where)
    .orderBy(...customerOrderColumns().map((column) => asc(column)))
    .limit(query.pageSize + 1)
    .offset((query.page - 1) * query.pageSize);
  // A search that fits its page (most do) has its total without a count (decision 245).
  const total =
    totalOfLastPage({
      page: query.page,
      pageSize: query.pageSize,
      shown: Math.min(rows.length, query.pageSize),
      hasMore: rows.length > query.pageSize,
    }) ?? (await countUpTo({ db, table: customers, where }));
  return {
    ...total,
    items: rows.slice(0, query.pageSize).map(toCustomerSummary),
    page: query.page,
    pageSize: query.pageSize,
    hasMore: rows.length > query.pageSize,
  };
}
