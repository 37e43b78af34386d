import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { citationCodes, citations } from '../../db/schema';

const citationColumns = {
  citation: citations,
  codeName: citationCodes.name,
  codeDescription: citationCodes.description,
};

export type CitationWithCode = {
  citation: typeof citations.$inferSelect;
  codeName: string | null;
  codeDescription: string | null;
};

/** Caps a plate search: a plate shared by thousands of notices is a data problem, not a page. */
export const MAX_SEARCH_RESULTS = 500;

function selectCitations(db: Database, where: SQL | undefined) {
  return db
    .select(citationColumns)
    .from(citations)
    .leftJoin(citationCodes, eq(citationCodes.id, citations.citationCodeId))
    .where(where);
}

export async function findCitationsByPlateOrNumber(
  db: Database,
  tenantId: string,
  search: { plate: string | null; number: string | null },
): Promise<CitationWithCode[]> {
  const conditions = [eq(citations.tenantId, tenantId)];
  if (search.plate) conditions.push(eq(citations.plate, search.plate));
  if (search.number) conditions.push(eq(citations.citationNumber, search.number));
  return selectCitations(db, and(...conditions))
    .orderBy(desc(citations.createdOn))
    .limit(MAX_SEARCH_RESULTS);
}

export async function findCitationById(
  db: Database,
  tenantId: string,
  citationId: string,
): Promise<CitationWithCode | null> {
  const [row] = await selectCitations(
    db,
    and(eq(citations.tenantId, tenantId), eq(citations.id, citationId)),
  );
  return row ?? null;
}

export async function findCitationByNumber(
  db: Database,
  tenantId: string,
  citationNumber: string,
): Promise<CitationWithCode | null> {
  const [row] = await selectCitations(
    db,
    and(eq(citations.tenantId, tenantId), eq(citations.citationNumber, citationNumber)),
  );
  return row ?? null;
}
