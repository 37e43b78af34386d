import type { Readable } from 'node:stream';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { ConsolePassSortKey, ExportConsolePassesQuery } from '../../../shared/contract';
import { formatDollars } from '../../../shared/rules/notice-csv';
import type { Database } from '../../db/client';
import { issuedPasses } from '../../db/schema';
import { keysetAfter, keysetSortKey, streamCsvExport } from '../lists';
import { matchesStatus, matchesTerm, primaryPlateOfPass, productNameOfPass } from './pass-search';

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
  return streamCsvExport({
    header: PASS_EXPORT_COLUMNS,
    batchSize: options.batchSize,
    readBatch: (lastKey, limit) =>
      db
        .select({
          pass: issuedPasses,
          product: productNameOfPass(),
          plate: primaryPlateOfPass(),
          sortKey: keysetSortKey(columns),
        })
        .from(issuedPasses)
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
