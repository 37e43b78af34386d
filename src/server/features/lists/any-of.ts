import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * `column` is one of the ids the subquery `ids` selects, written `= ANY(ARRAY(...))`: the ids are
 * read first (an InitPlan, from the search's index) and the rows then fetched by key. Written
 * `IN (...)`, the planner may instead walk every row of the tenant in the list's order and probe
 * the ids, which it did at 1,000+ passes or customers a tenant (decision 245). `=` on a uuid is
 * leakproof, so under row-level security it is an index condition.
 */
export function isAnyOf(column: SQLWrapper, ids: SQL): SQL {
  return sql`${column} = ANY(ARRAY(${ids}))`;
}
