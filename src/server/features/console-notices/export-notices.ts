import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { NoticeFilter } from '../../../shared/contract';
import { csvLine } from '../../../shared/format/csv';
import { formatDollars, NOTICE_EXPORT_COLUMNS } from '../../../shared/rules/notice-csv';
import type { Database } from '../../db/client';
import { citationCodes, citations, type TenantRow } from '../../db/schema';
import { amountInForce, noticeConditions, noticeOrder, noticeSortKey, noticesAfter } from './notice-filters';

/** Rows read per query: memory stays flat however many notices the tenant holds. */
const EXPORT_BATCH_SIZE = 1000;

type ExportOptions = { db: Database; tenant: TenantRow; filter: NoticeFilter; batchSize?: number };

const exportColumns = {
  id: citations.id,
  citationNumber: citations.citationNumber,
  plate: citations.plate,
  stateProv: citations.stateProv,
  createdOn: citations.createdOn,
  violationCode: citationCodes.name,
  amount: amountInForce,
  location: citations.location,
  make: citations.make,
  color: citations.color,
  comments: citations.comments,
  paymentStatus: citations.paymentStatus,
  datePaid: citations.datePaid,
  voidDate: citations.voidDate,
  paidTotal: citations.paidTotal,
};

interface ExportRow {
  id: string;
  citationNumber: string;
  plate: string;
  stateProv: string | null;
  createdOn: Date;
  violationCode: string | null;
  amount: number;
  location: string | null;
  make: string | null;
  color: string | null;
  comments: string | null;
  paymentStatus: string;
  datePaid: Date | null;
  voidDate: Date | null;
  paidTotal: number | null;
  sortKey: string[];
}

async function* exportLines({
  db,
  tenant,
  filter,
  batchSize = EXPORT_BATCH_SIZE,
}: ExportOptions): AsyncGenerator<string> {
  yield csvLine(NOTICE_EXPORT_COLUMNS);
  let lastKey: string[] | null = null;
  for (;;) {
    const rows: ExportRow[] = await db
      .select({ ...exportColumns, sortKey: noticeSortKey(filter) })
      .from(citations)
      .leftJoin(citationCodes, eq(citationCodes.id, citations.citationCodeId))
      .where(and(noticeConditions(tenant, filter), lastKey ? noticesAfter(filter, lastKey) : undefined))
      .orderBy(...noticeOrder(filter))
      .limit(batchSize);
    for (const row of rows) {
      yield csvLine([
        row.citationNumber,
        row.plate,
        row.stateProv,
        row.createdOn.toISOString(),
        row.violationCode,
        formatDollars(Number(row.amount)),
        row.location,
        row.make,
        row.color,
        row.comments,
        row.paymentStatus,
        row.datePaid?.toISOString(),
        row.voidDate?.toISOString(),
        row.paidTotal === null ? null : formatDollars(row.paidTotal),
        row.id,
      ]);
    }
    const last: ExportRow | undefined = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    lastKey = last.sortKey;
  }
}

/**
 * The notices the list shows, in the list's order, as CSV: read in batches by keyset on the sort
 * columns (never an offset, so a million-row export stays cheap) and streamed. Cells are written
 * CSV-injection safe (src/shared/format/csv.ts).
 */
export function exportNotices(options: ExportOptions): Readable {
  return Readable.from(exportLines(options));
}
