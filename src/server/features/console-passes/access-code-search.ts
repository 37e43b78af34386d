import type { Readable } from 'node:stream';
import { and, desc, eq, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import {
  ACCESS_CODE_PAGE_SIZE,
  type AccessCode,
  type AccessCodeCounts,
  type AccessCodeFilter,
} from '../../../shared/contract';
import { normaliseCode } from '../../../shared/rules/account-validation';
import type { Database } from '../../db/client';
import { type PassAccessCodeRow, passAccessCodes } from '../../db/schema';
import { isAnyOf, keysetAfter, keysetSortKey, streamCsvExport } from '../lists';
import { passIdsMatching } from './pass-search';
import { findConsoleProductRow } from './products';

/**
 * The console's access codes list (issue 33): a product's codes searched by what an operator is
 * asked about — the start of a code, or the pass a code issued (its number, plate or holder, as the
 * pass search finds them) — and filtered by status, a page at a time, with its export. "Select all
 * N matching" of the bulk revoke reads the same condition (console-bulk).
 */

export interface AccessCodeSearch {
  q: string;
  status: AccessCodeFilter;
}

/** A code's status as the list shows it: used by a pass, spent without one (revoked), or unused. */
const isUsed = isNotNull(passAccessCodes.usedByPassId);
const isRevoked = and(isNotNull(passAccessCodes.usedAt), isNull(passAccessCodes.usedByPassId));
const isUnused = isNull(passAccessCodes.usedAt);

function matchesStatus(status: AccessCodeFilter): SQL | undefined {
  switch (status) {
    case 'all':
      return undefined;
    case 'unused':
      return isUnused;
    case 'used':
      return isUsed;
    case 'revoked':
      return isRevoked;
  }
}

/**
 * The start of a code (typed in any case, with spaces, as codes are entered at checkout), or a
 * code whose pass the pass search finds. Both are index reads under row-level security (`^@` on
 * the code, `=` on the pass id; migration 1300).
 */
function matchesSearch(tenantId: string, q: string): SQL | undefined {
  if (!q) return undefined;
  const codePrefix = normaliseCode(q);
  return or(
    codePrefix ? sql`${passAccessCodes.code} ^@ ${codePrefix}` : undefined,
    isAnyOf(passAccessCodes.usedByPassId, passIdsMatching(tenantId, q)),
  );
}

/** The product's codes the search and the status filter match. */
export function accessCodeSearchWhere(
  tenantId: string,
  productId: string,
  search: AccessCodeSearch,
): SQL | undefined {
  return and(
    eq(passAccessCodes.tenantId, tenantId),
    eq(passAccessCodes.productId, productId),
    matchesSearch(tenantId, search.q),
    matchesStatus(search.status),
  );
}

/** The list's order, newest first, the code breaking ties: a total order the export continues. */
const ORDER_COLUMNS = [sql`${passAccessCodes.createdAt}`, sql`${passAccessCodes.code}`];

// The pass a code issued: its number and primary plate, for the page's rows. Written with the
// table names: in a query of one table Drizzle leaves its columns unqualified.
const passNumber = sql<
  string | null
>`(SELECT p.customer_permit_id FROM issued_passes p WHERE p.tenant_id = pass_access_codes.tenant_id AND p.id = pass_access_codes.used_by_pass_id)`;
const passPlate = sql<
  string | null
>`(SELECT pv.plate FROM pass_vehicles pv WHERE pv.tenant_id = pass_access_codes.tenant_id AND pv.pass_id = pass_access_codes.used_by_pass_id AND pv.is_primary LIMIT 1)`;

function toAccessCode(row: {
  code: PassAccessCodeRow;
  passNumber: string | null;
  plate: string | null;
}): AccessCode {
  const { code } = row;
  return {
    code: code.code,
    status: code.usedByPassId ? 'used' : code.usedAt ? 'revoked' : 'unused',
    createdAt: code.createdAt.toISOString(),
    usedAt: code.usedAt?.toISOString() ?? null,
    usedByPassUUID: code.usedByPassId,
    passNumber: row.passNumber,
    plate: row.plate,
  };
}

/** How many codes the search matches in each status: a product holds at most 10,000, so exact. */
async function countByStatus(
  db: Database,
  tenantId: string,
  productId: string,
  q: string,
): Promise<AccessCodeCounts> {
  const [row] = await db
    .select({
      unused: sql<number>`count(*) FILTER (WHERE ${isUnused})::int`,
      used: sql<number>`count(*) FILTER (WHERE ${isUsed})::int`,
      revoked: sql<number>`count(*) FILTER (WHERE ${isRevoked})::int`,
    })
    .from(passAccessCodes)
    .where(accessCodeSearchWhere(tenantId, productId, { q, status: 'all' }));
  return { unused: row?.unused ?? 0, used: row?.used ?? 0, revoked: row?.revoked ?? 0 };
}

/** GET /dashboard/products/{uuid}/access-codes: a page of the search, its total and its counts. */
export async function searchAccessCodes(options: {
  db: Database;
  tenantId: string;
  productId: string;
  search: AccessCodeSearch;
  page: number;
}) {
  const { db, tenantId, productId, search, page } = options;
  await findConsoleProductRow(db, tenantId, productId);
  const [rows, counts] = await Promise.all([
    db
      .select({ code: passAccessCodes, passNumber, plate: passPlate })
      .from(passAccessCodes)
      .where(accessCodeSearchWhere(tenantId, productId, search))
      .orderBy(...ORDER_COLUMNS.map((column) => desc(column)))
      .limit(ACCESS_CODE_PAGE_SIZE)
      .offset((page - 1) * ACCESS_CODE_PAGE_SIZE),
    countByStatus(db, tenantId, productId, search.q),
  ]);
  const total =
    search.status === 'all' ? counts.unused + counts.used + counts.revoked : counts[search.status];
  return {
    items: rows.map(toAccessCode),
    total,
    isTotalExact: true,
    page,
    pageSize: ACCESS_CODE_PAGE_SIZE,
    counts,
  };
}

/** The export's columns, in order. */
export const ACCESS_CODE_EXPORT_COLUMNS = [
  'code',
  'status',
  'createdAt',
  'usedAt',
  'passNumber',
  'plate',
  'passUUID',
] as const;

/**
 * The searched codes as CSV in the list's order, every row, a batch at a time (the console lists'
 * shared export). The product is checked first, so another tenant's product is a 404, not an
 * empty file.
 */
export async function exportAccessCodes(options: {
  db: Database;
  tenantId: string;
  productId: string;
  search: AccessCodeSearch;
  batchSize?: number;
}): Promise<Readable> {
  const { db, tenantId, productId, search } = options;
  await findConsoleProductRow(db, tenantId, productId);
  return streamCsvExport({
    header: ACCESS_CODE_EXPORT_COLUMNS,
    batchSize: options.batchSize,
    readBatch: (lastKey, limit) =>
      db
        .select({
          code: passAccessCodes,
          passNumber,
          plate: passPlate,
          sortKey: keysetSortKey(ORDER_COLUMNS),
        })
        .from(passAccessCodes)
        .where(
          and(
            accessCodeSearchWhere(tenantId, productId, search),
            lastKey ? keysetAfter(ORDER_COLUMNS, 'desc', lastKey) : undefined,
          ),
        )
        .orderBy(...ORDER_COLUMNS.map((column) => desc(column)))
        .limit(limit),
    cells: (row) => {
      const code = toAccessCode(row);
      return [
        code.code,
        code.status,
        code.createdAt,
        code.usedAt,
        code.passNumber,
        code.plate,
        code.usedByPassUUID,
      ];
    },
  });
}
