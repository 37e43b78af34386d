import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { type AppealRow, appeals, type CitationRow, citations } from '../../db/schema';

export type AppealWithCitation = { appeal: AppealRow; citation: CitationRow };

/** Only a confirmed appeal counts: it blocks another, shows on the notice and reaches the operator. */
const isConfirmed = isNull(appeals.unconfirmedUntil);

export async function findAppealByCitation(
  db: Database | Transaction,
  tenantId: string,
  citationId: string,
): Promise<AppealRow | null> {
  const [row] = await db
    .select()
    .from(appeals)
    .where(and(eq(appeals.tenantId, tenantId), eq(appeals.citationId, citationId), isConfirmed));
  return row ?? null;
}

/** The appeal an emailed link's token names, confirmed or not, on this tenant. */
export async function findAppealByTokenHash(
  db: Database | Transaction,
  tenantId: string,
  tokenHash: string,
  options: { forUpdate?: boolean } = {},
): Promise<AppealRow | null> {
  const query = db
    .select()
    .from(appeals)
    .where(and(eq(appeals.tenantId, tenantId), eq(appeals.confirmationTokenHash, tokenHash)));
  const [row] = await (options.forUpdate ? query.for('update') : query);
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
    .where(and(eq(appeals.tenantId, tenantId), eq(appeals.id, appealId), isConfirmed));
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
    .where(and(eq(appeals.tenantId, tenantId), isConfirmed))
    .orderBy(desc(appeals.isPending), asc(appeals.submissionDate))
    .limit(limit);
}
