import { and, sql } from 'drizzle-orm';
import {
  REPORT_SCANS_PAGE_SIZE,
  type ReportScansPage,
  readReportScanCursor,
  writeReportScanCursor,
} from '../../../shared/contract';
import { inputErrorMessages } from '../../../shared/messages/input-errors';
import type { Database } from '../../db/client';
import { patrolScans, type TenantRow } from '../../db/schema';
import { badRequest } from '../../errors';
import {
  findReport,
  publicReportItem,
  reportItemFields,
  reportScansFilter,
  reportScansOrder,
} from './reports';

/** The capture time to the microsecond in UTC, as a cursor carries it (timestamptz keeps microseconds). */
const cursorInstant = sql<string>`to_char(${patrolScans.capturedAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * One page of the report's scan list, newest first, and how many scans the report holds: the page
 * reads its rows from the tenant's capture-time (or plate) index, so the list never needs the
 * whole report on the client. With `after` (the previous page's `nextCursor`) the page starts
 * right after that scan in the index (keyset, decision 231), so a deep page costs what the first
 * does; without it a jump to a page skips (page - 1) × pageSize rows (bounded by the contract).
 */
export async function getReportScansPage(options: {
  db: Database;
  tenant: TenantRow;
  reportId: string;
  /** The link is checked against it (expiry). */
  now: Date;
  page: number;
  after?: string | undefined;
  /**
   * The report's number of scans when the caller keeps it (the route reads the kept summary of
   * decision 165, so paging does not count 100,000 scans per page); counted here otherwise.
   */
  countScans?: () => Promise<number>;
}): Promise<ReportScansPage> {
  const { db, page } = options;
  const cursor = options.after === undefined ? null : readReportScanCursor(options.after);
  if (options.after !== undefined && !cursor) throw badRequest(inputErrorMessages.pageGone, 'after');
  const report = await findReport(db, options.tenant, options.reportId, options.now);
  const scans = reportScansFilter(report);
  const where = cursor
    ? and(
        scans,
        sql`(${patrolScans.capturedAt}, ${patrolScans.id}) < (${cursor.capturedAt}::timestamptz, ${cursor.id}::uuid)`,
      )
    : scans;
  const pageQuery = db
    .select({ ...reportItemFields, cursorInstant, cursorId: patrolScans.id })
    .from(patrolScans)
    .where(where)
    .orderBy(...reportScansOrder)
    // One row past the page says whether another follows.
    .limit(REPORT_SCANS_PAGE_SIZE + 1);
  const countScans =
    options.countScans ??
    (async () => {
      const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(patrolScans).where(scans);
      return counted?.total ?? 0;
    });
  const [rows, total] = await Promise.all([
    cursor ? pageQuery : pageQuery.offset((page - 1) * REPORT_SCANS_PAGE_SIZE),
    countScans(),
  ]);
  const shown = rows.slice(0, REPORT_SCANS_PAGE_SIZE);
  const last = shown.at(-1);
  return {
    reportItems: shown.map(({ cursorInstant: _instant, cursorId: _id, ...item }) => publicReportItem(item)),
    page,
    pageSize: REPORT_SCANS_PAGE_SIZE,
    total,
    nextCursor:
      rows.length > REPORT_SCANS_PAGE_SIZE && last
        ? writeReportScanCursor({ capturedAt: last.cursorInstant, id: last.cursorId })
        : null,
  };
}
