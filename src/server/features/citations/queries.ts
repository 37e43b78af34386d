import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { perDatabase } from '../../db/per-database';
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

export type SearchKind = 'plate' | 'number' | 'both';

export function searchKind(search: { plate: string | null; number: string | null }): SearchKind {
  return search.plate && search.number ? 'both' : search.plate ? 'plate' : 'number';
}

/** The search's conditions, with placeholders for the tenant, the plate and the number. */
export function searchConditions(kind: SearchKind): SQL[] {
  const conditions = [eq(citations.tenantId, sql.placeholder('tenantId'))];
  if (kind !== 'number') conditions.push(eq(citations.plate, sql.placeholder('plate')));
  if (kind !== 'plate') conditions.push(eq(citations.citationNumber, sql.placeholder('number')));
  return conditions;
}

/**
 * The search through Drizzle, as Drizzle's rows: the home page's search without the app
 * (search-redirect.ts) and the reference the public search (notice-search.ts) is tested against.
 * Its SQL is built once per database and kind as a named prepared statement, not on every call.
 */
function prepareSearch(db: Database, kind: SearchKind) {
  return selectCitations(db, and(...searchConditions(kind)))
    .orderBy(desc(citations.createdOn))
    .limit(MAX_SEARCH_RESULTS)
    .prepare(`citations_search_by_${kind}`);
}

const preparedSearches = {
  plate: perDatabase((db) => prepareSearch(db, 'plate')),
  number: perDatabase((db) => prepareSearch(db, 'number')),
  both: perDatabase((db) => prepareSearch(db, 'both')),
} satisfies Record<SearchKind, unknown>;

export async function findCitationsByPlateOrNumber(
  db: Database,
  tenantId: string,
  search: { plate: string | null; number: string | null },
): Promise<CitationWithCode[]> {
  return preparedSearches[searchKind(search)](db).execute({
    tenantId,
    plate: search.plate,
    number: search.number,
  });
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

/** Which of these plates the tenant has notices for (distinct, in order, at most `limit`). */
export async function findExistingPlates(
  db: Database,
  tenantId: string,
  plates: string[],
  limit: number,
): Promise<string[]> {
  if (plates.length === 0) return [];
  const rows = await db
    .selectDistinct({ plate: citations.plate })
    .from(citations)
    .where(and(eq(citations.tenantId, tenantId), inArray(citations.plate, plates)))
    .orderBy(asc(citations.plate))
    .limit(limit);
  return rows.map((row) => row.plate);
}
