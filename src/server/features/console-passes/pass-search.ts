import { and, asc, desc, eq, gt, type SQL, sql } from 'drizzle-orm';
import {
  CONSOLE_PASS_PAGE_SIZE,
  type ConsolePassFilter,
  type ConsolePassRow,
  type ConsolePassSortKey,
} from '../../../shared/contract';
import { canonicalPlate } from '../../../shared/rules/plates';
import type { Database } from '../../db/client';
import { issuedPasses, passSearchTerms, passVehicles } from '../../db/schema';
import { countUpTo, isAnyOf, searchTermOf, totalOfLastPage } from '../lists';

/**
 * The console's pass search (issue 11): one box for a plate, a name, an email or a pass number,
 * newest first, a page at a time. Under row-level security only leakproof operators on plain
 * columns are read from an index (decision 238), so the holder's email and name words are kept
 * lower-cased in pass_search_terms (migration 1270) and every branch is a `^@` or `=` index read;
 * the passes are then fetched by id.
 */

/** 'Dana Smi' → ['dana', 'smi']: the words typed, each to match the beginning of a word of the name. */
export function nameWordsOf(term: string): string[] {
  return searchTermOf(term)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, 8);
}

/**
 * The ids of the tenant's passes a search matches, as a subquery: the `UNION` of one index read per
 * thing typed (pass number, email, name words, plate). Also what finds an access code by the pass
 * it issued.
 */
export function passIdsMatching(tenantId: string, term: string): SQL {
  const plate = canonicalPlate(term);
  const words = nameWordsOf(term);
  const termsBeginning = (kind: 'email' | 'name', prefix: string) =>
    sql`(SELECT ${passSearchTerms.passId} FROM ${passSearchTerms} WHERE ${passSearchTerms.tenantId} = ${tenantId} AND ${passSearchTerms.kind} = ${kind} AND ${passSearchTerms.term} ^@ ${prefix})`;
  const branches: SQL[] = [
    sql`(SELECT p.id FROM issued_passes p WHERE p.tenant_id = ${tenantId} AND p.customer_permit_id = ${term})`,
  ];
  // An email holds no space: 'dana smi' is a name, not the start of an email (a branch less to plan).
  if (!/\s/.test(term)) branches.push(termsBeginning('email', searchTermOf(term)));
  // Every word typed begins a word of the name: one index read per word, intersected.
  if (words.length > 0) {
    branches.push(
      sql`(${sql.join(
        words.map((word) => termsBeginning('name', word)),
        sql` INTERSECT `,
      )})`,
    );
  }
  if (plate) {
    branches.push(
      sql`(SELECT ${passVehicles.passId} FROM ${passVehicles} WHERE ${passVehicles.tenantId} = ${tenantId} AND ${passVehicles.plateNormalized} ^@ ${plate})`,
    );
  }
  return sql.join(branches, sql` UNION `);
}

export function matchesTerm(tenantId: string, term: string): SQL | undefined {
  if (!term) return undefined;
  return isAnyOf(issuedPasses.id, passIdsMatching(tenantId, term));
}

export function matchesStatus(status: ConsolePassFilter, now: Date): SQL | undefined {
  if (status === 'all') return undefined;
  if (status === 'active') return and(eq(issuedPasses.paidStatus, 'paid'), gt(issuedPasses.expiresAt, now));
  return eq(issuedPasses.paidStatus, status);
}

/**
 * A listed pass's product name and primary plate, read for the rows of the page only. Subqueries,
 * not joins: with a join the planner could start from the tenant's products and read every pass
 * of each (decision 245). Written with the table names: in a query of one table Drizzle leaves its
 * columns unqualified, and an unqualified `id` inside the subquery would be the subquery's own.
 */
export function productNameOfPass(): SQL<string> {
  return sql<string>`(SELECT pp.name FROM pass_products pp WHERE pp.tenant_id = issued_passes.tenant_id AND pp.id = issued_passes.product_id)`;
}

export function primaryPlateOfPass(): SQL<string | null> {
  return sql<
    string | null
  >`(SELECT pv.plate FROM pass_vehicles pv WHERE pv.tenant_id = issued_passes.tenant_id AND pv.pass_id = issued_passes.id AND pv.is_primary LIMIT 1)`;
}

/** The sorted column first; ties fall back to the newest registration, then the id, for stable pages. */
function orderOf(sort: ConsolePassSortKey, order: 'asc' | 'desc'): SQL[] {
  const direction = order === 'asc' ? asc : desc;
  const tieBreak = [desc(issuedPasses.createdAt), desc(issuedPasses.id)];
  switch (sort) {
    case 'created':
      return [direction(issuedPasses.createdAt), direction(issuedPasses.id)];
    case 'issued':
      return [direction(issuedPasses.issuedOn), ...tieBreak];
    case 'expires':
      return [direction(issuedPasses.expiresAt), ...tieBreak];
    case 'number':
      // Pass numbers come from one sequence (digits): by length, then text, is numeric order.
      return [
        direction(sql`length(${issuedPasses.customerPermitId})`),
        direction(issuedPasses.customerPermitId),
        ...tieBreak,
      ];
  }
}

export async function searchConsolePasses(options: {
  db: Database;
  tenantId: string;
  term: string;
  status: ConsolePassFilter;
  sort: ConsolePassSortKey;
  order: 'asc' | 'desc';
  page: number;
  now: Date;
}) {
  const { db, tenantId, term, status, page, now } = options;
  const where = and(
    eq(issuedPasses.tenantId, tenantId),
    matchesTerm(tenantId, term),
    matchesStatus(status, now),
  );
  // One row past the page tells whether the list goes on: a search that fits its page (most do)
  // has its total without a count (decision 245).
  const fetched = await db
    .select({ pass: issuedPasses, permitName: productNameOfPass(), plate: primaryPlateOfPass() })
    .from(issuedPasses)
    .where(where)
    .orderBy(...orderOf(options.sort, options.order))
    .limit(CONSOLE_PASS_PAGE_SIZE + 1)
    .offset((page - 1) * CONSOLE_PASS_PAGE_SIZE);
  const rows = fetched.slice(0, CONSOLE_PASS_PAGE_SIZE);
  const total =
    totalOfLastPage({
      page,
      pageSize: CONSOLE_PASS_PAGE_SIZE,
      shown: rows.length,
      hasMore: fetched.length > CONSOLE_PASS_PAGE_SIZE,
    }) ?? (await countUpTo({ db, table: issuedPasses, where }));
  const items: ConsolePassRow[] = rows.map(({ pass, permitName, plate }) => ({
    uuid: pass.id,
    customerPermitId: pass.customerPermitId,
    permitName,
    paidStatus: pass.paidStatus,
    plate: plate ?? '',
    holderName: pass.customerName,
    holderEmail: pass.customerEmail,
    issuedOn: pass.issuedOn.toISOString(),
    expiresAt: pass.expiresAt.toISOString(),
    amount: pass.amount,
    currency: pass.currency,
  }));
  return { items, ...total, page, pageSize: CONSOLE_PASS_PAGE_SIZE };
}

/**
 * The ids of the passes a search matches ("select all N matching" of a bulk call), oldest first,
 * at most `limit` of them: the caller asks for one more than it accepts to know when there are too many.
 */
export async function matchingPassIds(options: {
  db: Database;
  tenantId: string;
  term: string;
  status: ConsolePassFilter;
  now: Date;
  limit: number;
}): Promise<string[]> {
  const { db, tenantId, term, status, now } = options;
  const rows = await db
    .select({ id: issuedPasses.id })
    .from(issuedPasses)
    .where(and(eq(issuedPasses.tenantId, tenantId), matchesTerm(tenantId, term), matchesStatus(status, now)))
    .orderBy(asc(issuedPasses.createdAt), asc(issuedPasses.id))
    .limit(options.limit);
  return rows.map((row) => row.id);
}
