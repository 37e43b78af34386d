import { and, asc, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppealPage, searchDashboardAppealsQuerySchema } from '../../../shared/contract';
import { canonicalPlate, normaliseSearchTerm } from '../../../shared/rules';
import type { Database } from '../../db/client';
import { appeals, citations, type TenantRow } from '../../db/schema';
import { countUpTo } from '../lists';
import { toDashboardAppeal } from './dashboard-service';

type SearchQuery = z.output<typeof searchDashboardAppealsQuerySchema>;

/**
 * The WHERE of the console's appeal list: confirmed appeals of the tenant in the chosen state and
 * outcome; a search term matches the start of the notice's number or plate (the notices'
 * indexes answer it, the appeals' index the rest).
 */
function appealConditions(db: Database, tenantId: string, query: SearchQuery): SQL {
  const conditions: (SQL | undefined)[] = [eq(appeals.tenantId, tenantId), isNull(appeals.unconfirmedUntil)];
  if (query.state === 'pending') conditions.push(eq(appeals.isPending, true));
  if (query.state === 'decided') conditions.push(eq(appeals.isPending, false));
  if (query.outcome) {
    conditions.push(eq(appeals.isPending, false), eq(appeals.isApproved, query.outcome === 'approved'));
  }
  const term = normaliseSearchTerm(query.q);
  const plate = canonicalPlate(query.q);
  if (term) {
    const notices = db
      .select({ id: citations.id })
      .from(citations)
      .where(
        and(
          eq(citations.tenantId, tenantId),
          or(
            // starts_with, which row-level security lets the prefix indexes answer (decision 231).
            sql`${citations.citationNumber} ^@ ${term}`,
            plate ? sql`${citations.plate} ^@ ${plate}` : undefined,
          ),
        ),
      );
    conditions.push(inArray(appeals.citationId, notices));
  }
  return and(...conditions)!;
}

/** Pending: the oldest waiting first (the queue); decided: the latest answer first. */
function appealOrder(state: SearchQuery['state']) {
  if (state === 'pending') return [asc(appeals.submissionDate), asc(appeals.id)];
  if (state === 'decided') return [desc(appeals.responseDate), desc(appeals.id)];
  return [desc(appeals.isPending), asc(appeals.submissionDate), asc(appeals.id)];
}

/** GET /dashboard/appeals/search: one page of the tenant's appeals, with how many match. */
export async function searchDashboardAppeals(options: {
  db: Database;
  tenant: TenantRow;
  query: SearchQuery;
  now: Date;
}): Promise<AppealPage> {
  const { db, tenant, query, now } = options;
  const where = appealConditions(db, tenant.id, query);
  const [rows, total] = await Promise.all([
    db
      .select({ appeal: appeals, citation: citations })
      .from(appeals)
      .innerJoin(citations, eq(citations.id, appeals.citationId))
      .where(where)
      .orderBy(...appealOrder(query.state))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    countUpTo({ db, table: appeals, where }),
  ]);
  return {
    items: rows.map((row) => toDashboardAppeal(row, tenant, now)),
    page: query.page,
    pageSize: query.pageSize,
    ...total,
  };
}
