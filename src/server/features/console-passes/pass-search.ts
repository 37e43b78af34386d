import { and, asc, desc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import {
  CONSOLE_PASS_PAGE_SIZE,
  type ConsolePassFilter,
  type ConsolePassRow,
  type ConsolePassSortKey,
} from '../../../shared/contract';
import { canonicalPlate } from '../../../shared/rules/plates';
import type { Database } from '../../db/client';
import { productOfPass } from '../../db/pass-joins';
import { issuedPasses, passProducts, passSearchTerms, passVehicles } from '../../db/schema';
import { countUpTo, searchTermOf } from '../lists';

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

export function matchesTerm(tenantId: string, term: string): SQL | undefined {
  if (!term) return undefined;
  const plate = canonicalPlate(term);
  const words = nameWordsOf(term);
  const termsBeginning = (kind: 'email' | 'name', prefix: string) =>
    sql`(SELECT ${passSearchTerms.passId} FROM ${passSearchTerms} WHERE ${passSearchTerms.tenantId} = ${tenantId} AND ${passSearchTerms.kind} = ${kind} AND ${passSearchTerms.term} ^@ ${prefix})`;
  const branches: SQL[] = [
    sql`(SELECT p.id FROM issued_passes p WHERE p.tenant_id = ${tenantId} AND p.customer_permit_id = ${term})`,
    termsBeginning('email', searchTermOf(term)),
  ];
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
  return inArray(issuedPasses.id, sql`(${sql.join(branches, sql` UNION `)})`);
}

export function matchesStatus(status: ConsolePassFilter, now: Date): SQL | undefined {
  if (status === 'all') return undefined;
  if (status === 'active') return and(eq(issuedPasses.paidStatus, 'paid'), gt(issuedPasses.expiresAt, now));
  return eq(issuedPasses.paidStatus, status);
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
  const primaryPlate = sql<
    string | null
  >`(SELECT ${passVehicles.plate} FROM ${passVehicles} WHERE ${passVehicles.tenantId} = ${issuedPasses.tenantId} AND ${passVehicles.passId} = ${issuedPasses.id} AND ${passVehicles.isPrimary} LIMIT 1)`;
  const [rows, total] = await Promise.all([
    db
      .select({ pass: issuedPasses, permitName: passProducts.name, plate: primaryPlate })
      .from(issuedPasses)
      .innerJoin(passProducts, productOfPass)
      .where(where)
      .orderBy(...orderOf(options.sort, options.order))
      .limit(CONSOLE_PASS_PAGE_SIZE)
      .offset((page - 1) * CONSOLE_PASS_PAGE_SIZE),
    countUpTo({ db, table: issuedPasses, where }),
  ]);
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
