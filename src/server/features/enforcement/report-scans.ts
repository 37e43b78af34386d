import { sql } from 'drizzle-orm';
import { REPORT_SCANS_PAGE_SIZE, type ReportScansPage } from '../../../shared/contract';
import type { Database } from '../../db/client';
import { patrolScans, type TenantRow } from '../../db/schema';
import {
  findReport,
  publicReportItem,
  reportItemFields,
  reportScansFilter,
  reportScansOrder,
} from './reports';

/**
 * One page of the report's scan list, newest first, and how many scans the report holds: the page
 * reads its rows from the tenant's capture-time (or plate) index, so the list never needs the
 * whole report on the client.
 */
export async function getReportScansPage(options: {
  db: Database;
  tenant: TenantRow;
  reportId: string;
  /** The link is checked against it (expiry). */
  now: Date;
  page: number;
}): Promise<ReportScansPage> {
  const { db, page } = options;
  const report = await findReport(db, options.tenant, options.reportId, options.now);
  const scans = reportScansFilter(report);
  const reportItems = await db
    .select(reportItemFields)
    .from(patrolScans)
    .where(scans)
    .orderBy(...reportScansOrder)
    .limit(REPORT_SCANS_PAGE_SIZE)
    .offset((page - 1) * REPORT_SCANS_PAGE_SIZE);
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(patrolScans).where(scans);
  return {
    reportItems: reportItems.map(publicReportItem),
    page,
    pageSize: REPORT_SCANS_PAGE_SIZE,
    total: counted?.total ?? 0,
  };
}
