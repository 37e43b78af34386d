import { count, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { LIST_COUNT_CAP, type ListTotal } from '../../../shared/contract/list-total';
import type { Database } from '../../db/client';

/**
 * The rows of `table` matching `where`, counted up to `cap` (docs/decisions/201): the count reads
 * at most cap + 1 index entries, so it stays cheap however large the tenant's table grows.
 */
export async function countUpTo(options: {
  db: Database;
  table: PgTable;
  where: SQL | undefined;
  cap?: number;
}): Promise<ListTotal> {
  const cap = options.cap ?? LIST_COUNT_CAP;
  const matching = options.db
    .select({ one: sql`1` })
    .from(options.table)
    .where(options.where)
    .limit(cap + 1)
    .as('matching');
  const [row] = await options.db.select({ n: count() }).from(matching);
  const counted = Number(row?.n ?? 0);
  return counted > cap ? { total: cap, isTotalExact: false } : { total: counted, isTotalExact: true };
}

/**
 * The total a page already tells, so the list need not be counted: a page with no rows after it
 * (`hasMore` false) ends the list, and holds its last rows. Null for a page with rows after it, or
 * an empty page past the end (where the rows before it are unknown): those lists are counted.
 */
export function totalOfLastPage(options: {
  page: number;
  pageSize: number;
  shown: number;
  hasMore: boolean;
}): ListTotal | null {
  const { page, pageSize, shown, hasMore } = options;
  if (hasMore || (shown === 0 && page > 1)) return null;
  return { total: (page - 1) * pageSize + shown, isTotalExact: true };
}
