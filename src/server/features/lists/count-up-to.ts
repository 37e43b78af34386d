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
