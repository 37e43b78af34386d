import { and, asc, desc, eq, gt, inArray, or, type SQL, sql } from 'drizzle-orm';
import {
  CONSOLE_PASS_PAGE_SIZE,
  type ConsolePassFilter,
  type ConsolePassRow,
  type ConsolePassSortKey,
} from '../../../shared/contract';
import { canonicalPlate } from '../../../shared/rules/plates';
import type { Database } from '../../db/client';
import { issuedPasses, passProducts, passVehicles } from '../../db/schema';
import { countUpTo } from '../lists';

/**
 * The console's pass search (issue 11): one box for a plate, a name, an email or a pass number,
 * each answered by an index of migration 0850 (plate and email by prefix, names by word prefix,
 * the pass number exactly), newest first, a page at a time.
 */

/** 'dana smi' → 'dana:* & smi:*': every word of the name, each by its beginning. */
export function nameQueryOf(term: string): string | null {
  const words = term
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, 8);
  return words.length > 0 ? words.map((word) => `${word}:*`).join(' & ') : null;
}

export function matchesTerm(tenantId: string, term: string): SQL | undefined {
  if (!term) return undefined;
  const plate = canonicalPlate(term);
  const nameQuery = nameQueryOf(term);
  const platePasses = plate
    ? inArray(
        issuedPasses.id,
        sql`(SELECT ${passVehicles.passId} FROM ${passVehicles} WHERE ${passVehicles.tenantId} = ${tenantId} AND ${passVehicles.plateNormalized} ^@ ${plate})`,
      )
    : undefined;
  return or(
    eq(issuedPasses.customerPermitId, term),
    // `^@` (starts_with), not LIKE: under row-level security only leakproof operators become
    // index conditions (decision 231); LIKE is not, `^@` is and reads the prefix indexes.
    sql`lower(${issuedPasses.customerEmail}) ^@ ${term.toLowerCase()}`,
    nameQuery
      ? sql`to_tsvector('simple', coalesce(${issuedPasses.customerName}, '')) @@ to_tsquery('simple', ${nameQuery})`
      : undefined,
    platePasses,
  );
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
      .innerJoin(
        passProducts,
        and(eq(passProducts.tenantId, issuedPasses.tenantId), eq(passProducts.id, issuedPasses.productId)),
      )
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
