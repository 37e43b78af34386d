import type { Readable } from 'node:stream';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { ConsolePassSortKey, ExportConsolePassesQuery } from '../../../shared/contract';
import { formatDollars } from '../../../shared/rules/notice-csv';
import type { Database } from '../../db/client';
import { productOfPass } from '../../db/pass-joins';
import { issuedPasses, passProducts, passVehicles } from '../../db/schema';
import { keysetAfter, keysetSortKey, streamCsvExport } from '../lists';
import { matchesStatus, matchesTerm } from './pass-search';

/** The export's columns, in order. */
export const PASS_EXPORT_COLUMNS = [
  'passNumber',
  'product',
  'status',
  'plate',
  'holderName',
  'holderEmail',
  'issuedOn',
  'expiresAt',
  'amount',
  'currency',
  'uuid',
] as const;

/**
 * The list's sort column, then the registration and the id, all in the chosen direction: a total
 * order the keyset can continue (no column is ever NULL).
 */
function sortColumns(sort: ConsolePassSortKey): SQL[] {
  const tail = [sql`${issuedPasses.createdAt}`, sql`${issuedPasses.id}`];
  switch (sort) {
    case 'created':
      return tail;
    case 'issued':
      return [sql`${issuedPasses.issuedOn}`, ...tail];
    case 'expires':
      return [sql`${issuedPasses.expiresAt}`, ...tail];
    case 'number':
      // Pass numbers come from one sequence (digits): by length, then text, is numeric order.
      return [sql`length(${issuedPasses.customerPermitId})`, sql`${issuedPasses.customerPermitId}`, ...tail];
  }
}

/**
 * The passes the console's list shows for its search and status, in its order, as CSV: every
 * row, a batch at a time (the console lists' shared export, src/server/features/lists/csv-export.ts).
 */
export function exportConsolePasses(options: {
  db: Database;
  tenantId: string;
  query: Required<Pick<ExportConsolePassesQuery, 'q' | 'status' | 'sort' | 'order'>>;
  now: Date;
  batchSize?: number;
}): Readable {
  const { db, tenantId, query, now } = options;
  const columns = sortColumns(query.sort);
  const direction = query.order === 'asc' ? asc : desc;
  const primaryPlate = sql<
    string | null
  >`(SELECT ${passVehicles.plate} FROM ${passVehicles} WHERE ${passVehicles.tenantId} = ${issuedPasses.tenantId} AND ${passVehicles.passId} = ${issuedPasses.id} AND ${passVehicles.isPrimary} LIMIT 1)`;
  return streamCsvExport({
    header: PASS_EXPORT_COLUMNS,
    batchSize: options.batchSize,
    readBatch: (lastKey, limit) =>
      db
        .select({
          pass: issuedPasses,
          product: passProducts.name,
          plate: primaryPlate,
          sortKey: keysetSortKey(columns),
        })
        .from(issuedPasses)
        .innerJoin(passProducts, productOfPass)
        .where(
          and(
            eq(issuedPasses.tenantId, tenantId),
            matchesTerm(tenantId, query.q),
            matchesStatus(query.status, now),
            lastKey ? keysetAfter(columns, query.order, lastKey) : undefined,
          ),
        )
        .orderBy(...columns.map((column) => direction(column)))
        .limit(limit),
    cells: ({ pass, product, plate }) => [
      pass.customerPermitId,
      product,
      pass.paidStatus,
      plate,
      pass.customerName,
      pass.customerEmail,
      pass.issuedOn.toISOString(),
      pass.expiresAt.toISOString(),
      formatDollars(pass.amount),
      pass.currency,
      pass.id,
    ],
  });
}
