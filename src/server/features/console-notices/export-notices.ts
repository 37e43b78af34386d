import { Readable } from 'node:stream';
import { and, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import type { NoticeFilter } from '../../../shared/contract';
import { csvLine } from '../../../shared/format/csv';
import { formatDollars, NOTICE_EXPORT_COLUMNS } from '../../../shared/rules/notice-csv';
import type { Database } from '../../db/client';
import { citationCodes, citations, type TenantRow } from '../../db/schema';
import { amountInForce, noticeConditions } from './notice-filters';

/** Rows read per query: memory stays flat however many notices the tenant holds. */
const EXPORT_BATCH_SIZE = 1000;

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
}

async function* exportLines(db: Database, tenant: TenantRow, filter: NoticeFilter): AsyncGenerator<string> {
  yield csvLine(NOTICE_EXPORT_COLUMNS);
  let after: { createdOn: Date; id: string } | null = null;
  for (;;) {
    const keyset: SQL | undefined = after
      ? or(
          lt(citations.createdOn, after.createdOn),
          and(eq(citations.createdOn, after.createdOn), lt(citations.id, after.id)),
        )
      : undefined;
    const rows: ExportRow[] = await db
      .select(exportColumns)
      .from(citations)
      .leftJoin(citationCodes, eq(citationCodes.id, citations.citationCodeId))
      .where(and(noticeConditions(tenant, filter), keyset))
      .orderBy(desc(citations.createdOn), desc(citations.id))
      .limit(EXPORT_BATCH_SIZE);
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
    if (!last || rows.length < EXPORT_BATCH_SIZE) return;
    after = { createdOn: last.createdOn, id: last.id };
  }
}

/**
 * The filtered notices as CSV, newest first, read by keyset in batches and streamed: the list's
 * filters apply; its sort does not (a keyset over the issue date is what keeps a million-row
 * export cheap). Cells are written CSV-injection safe (src/shared/format/csv.ts).
 */
export function exportNotices(options: { db: Database; tenant: TenantRow; filter: NoticeFilter }): Readable {
  return Readable.from(exportLines(options.db, options.tenant, options.filter));
}
