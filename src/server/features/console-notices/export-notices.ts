import type { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { NoticeFilter } from '../../../shared/contract';
import { formatDollars, NOTICE_EXPORT_COLUMNS } from '../../../shared/rules/notice-csv';
import type { Database } from '../../db/client';
import { citationCodes, citations, type TenantRow } from '../../db/schema';
import { streamCsvExport } from '../lists';
import { amountInForce, noticeConditions, noticeOrder, noticeSortKey, noticesAfter } from './notice-filters';

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

/**
 * The notices the list shows, in the list's order, as CSV (the console lists' shared export:
 * src/server/features/lists/csv-export.ts).
 */
export function exportNotices({ db, tenant, filter, batchSize }: ExportOptions): Readable {
  return streamCsvExport<ExportRow>({
    header: NOTICE_EXPORT_COLUMNS,
    batchSize,
    readBatch: (lastKey, limit) =>
      db
        .select({ ...exportColumns, sortKey: noticeSortKey(filter) })
        .from(citations)
        .leftJoin(citationCodes, eq(citationCodes.id, citations.citationCodeId))
        .where(and(noticeConditions(tenant, filter), lastKey ? noticesAfter(filter, lastKey) : undefined))
        .orderBy(...noticeOrder(filter))
        .limit(limit),
    cells: (row) => [
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
    ],
  });
}
