import { and, asc, desc, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { type AppealRow, appeals, type CitationRow, citations } from '../../db/schema';

export type AppealWithCitation = { appeal: AppealRow; citation: CitationRow };

export async function findAppealByCitation(
  db: Database | Transaction,
  tenantId: string,
  citationId: string,
): Promise<AppealRow | null> {
  const [row] = await db
    .select()
    .from(appeals)
    .where(and(eq(appeals.tenantId, tenantId), eq(appeals.citationId, citationId)));
  return row ?? null;
}

export async function findAppealWithCitation(
  db: Database | Transaction,
  tenantId: string,
  appealId: string,
  options: { forUpdate?: boolean } = {},
): Promise<AppealWithCitation | null> {
  const query = db
    .select({ appeal: appeals, citation: citations })
    .from(appeals)
    .innerJoin(citations, eq(citations.id, appeals.citationId))
    .where(and(eq(appeals.tenantId, tenantId), eq(appeals.id, appealId)));
  const [row] = await (options.forUpdate ? query.for('update') : query);
  return row ?? null;
}

/** Pending first (oldest first, as a queue), then answered ones, most recently answered first. */
export async function listAppealsWithCitations(
  db: Database,
  tenantId: string,
  limit: number,
): Promise<AppealWithCitation[]> {
  return db
    .select({ appeal: appeals, citation: citations })
    .from(appeals)
    .innerJoin(citations, eq(citations.id, appeals.citationId))
    .where(eq(appeals.tenantId, tenantId))
    .orderBy(desc(appeals.isPending), asc(appeals.submissionDate))
    .limit(limit);
}
