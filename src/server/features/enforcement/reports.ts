import { and, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type createReportBodySchema,
  type createReportResponseSchema,
  MAX_REPORT_DAYS,
  MAX_REPORT_LINK_DAYS,
  type ReportData,
  type ReportItem,
} from '../../../shared/contract';
import { shiftLocalDate, startOfLocalDay } from '../../../shared/format/zoned-time';
import { fillMessage } from '../../../shared/messages/fill';
import { inputErrorMessages } from '../../../shared/messages/input-errors';
import { canonicalPlate } from '../../../shared/rules';
import { summariseReport } from '../../../shared/rules/report-summary';
import type { Database } from '../../db/client';
import { type PatrolReportRow, patrolReports, patrolScans, type TenantRow } from '../../db/schema';
import { badRequest, notFound } from '../../errors';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** A date is a whole day in the tenant's time zone: its start, or (for an end) its last instant. */
function resolveBound(value: string, timeZone: string, edge: 'start' | 'end'): Date {
  if (!DATE_ONLY.test(value)) return new Date(value);
  if (edge === 'start') return startOfLocalDay(value, timeZone);
  return new Date(startOfLocalDay(shiftLocalDate(value, 1), timeZone).getTime() - 1);
}

export async function createReport(options: {
  db: Database;
  tenant: TenantRow;
  operatorId: string;
  body: z.output<typeof createReportBodySchema>;
  reportBaseUrl: string;
  now: Date;
  /** REPORT_LINK_DAYS: the link's lifetime when the body names no expiry. */
  linkDays: number;
}): Promise<z.input<typeof createReportResponseSchema>> {
  const { tenant, body, now } = options;
  const startDate = resolveBound(body.startDate, tenant.timezone, 'start');
  const endDate = resolveBound(body.endDate, tenant.timezone, 'end');
  if (endDate < startDate) throw badRequest(inputErrorMessages.endBeforeStart, 'endDate');
  if (endDate.getTime() - startDate.getTime() > MAX_REPORT_DAYS * DAY_MS) {
    throw badRequest(fillMessage(inputErrorMessages.reportTooLong, { days: MAX_REPORT_DAYS }), 'endDate');
  }
  const expiresAt = body.expiresAt
    ? resolveBound(body.expiresAt, tenant.timezone, 'end')
    : new Date(now.getTime() + options.linkDays * DAY_MS);
  if (expiresAt <= now) throw badRequest(inputErrorMessages.expiryInPast, 'expiresAt');
  if (expiresAt.getTime() - now.getTime() > MAX_REPORT_LINK_DAYS * DAY_MS) {
    throw badRequest(
      fillMessage(inputErrorMessages.linkTooLong, { days: MAX_REPORT_LINK_DAYS }),
      'expiresAt',
    );
  }
  const plate = canonicalPlate(body.plate) || null;
  const [row] = await options.db
    .insert(patrolReports)
    .values({
      tenantId: tenant.id,
      startDate,
      endDate,
      plate,
      expiresAt,
      createdByOperatorId: options.operatorId,
    })
    .returning();
  return {
    uuid: row!.id,
    startDate: row!.startDate.toISOString(),
    endDate: row!.endDate.toISOString(),
    plate: row!.plate,
    reportUrl: `${options.reportBaseUrl}/reports/${row!.id}`,
    expiresAt: row!.expiresAt.toISOString(),
  };
}

/** Whether the report's no-sign-in link still answers: not revoked and not yet expired. */
export function isReportLinkOpen(report: PatrolReportRow, now: Date): boolean {
  return !report.revokedAt && report.expiresAt > now;
}

/**
 * The host tenant's report by its uuid, as its public link opens it: another tenant's, an unknown
 * one, and one whose link expired or was revoked are all a 404 (the page says the link no longer
 * opens), so a stale link tells nothing about what it held.
 */
export async function findReport(
  db: Database,
  tenant: TenantRow,
  reportId: string,
  now: Date,
): Promise<PatrolReportRow> {
  const [report] = await db
    .select()
    .from(patrolReports)
    .where(and(eq(patrolReports.tenantId, tenant.id), eq(patrolReports.id, reportId)));
  if (!report || !isReportLinkOpen(report, now)) throw notFound('Report');
  return report;
}

/** An item as the public link shows it: officers' emails are for signed-in operators only. */
export function publicReportItem(item: ReportItem): ReportItem {
  return { ...item, userEmail: null };
}

/**
 * The report's scans (part 2 section 9): with a plate, every scan of that plate; otherwise the
 * scans inside the date range. Both are served by an index of patrol_scans that starts with the
 * tenant and is ordered by capture time.
 */
export function reportScansFilter(report: PatrolReportRow): SQL {
  const filter = report.plate
    ? eq(patrolScans.plateNormalized, canonicalPlate(report.plate))
    : and(gte(patrolScans.capturedAt, report.startDate), lte(patrolScans.capturedAt, report.endDate));
  return and(eq(patrolScans.tenantId, report.tenantId), filter)!;
}

/** Newest first; the id breaks ties so that pages never overlap. */
export const reportScansOrder = [desc(patrolScans.capturedAt), desc(patrolScans.id)];

/** The spec's item fields, selected as the contract names them. */
export const reportItemFields = {
  capturedAt: sql<string>`to_char(${patrolScans.capturedAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  plate: patrolScans.plate,
  fullname: patrolScans.fullname,
  userEmail: patrolScans.userEmail,
  alertMessage: patrolScans.alertMessage,
  fullImageURL: patrolScans.fullImageUrl,
  latitude: patrolScans.latitude,
  longitude: patrolScans.longitude,
};

/** The report's own fields of reportDetails. */
export function reportPeriod(report: PatrolReportRow) {
  return {
    startDate: report.startDate.toISOString(),
    endDate: report.endDate.toISOString(),
    plate: report.plate,
  };
}

/** The report's data (part 2 sections 3, 7 and 9): every scan, newest first, and the totals. */
export async function getReportData(options: {
  db: Database;
  tenant: TenantRow;
  reportId: string;
  /** The link is checked against it (expiry). */
  now: Date;
}): Promise<Omit<ReportData, 'mapStyleURL'>> {
  const { db } = options;
  const report = await findReport(db, options.tenant, options.reportId, options.now);
  const rows = await db
    .select(reportItemFields)
    .from(patrolScans)
    .where(reportScansFilter(report))
    .orderBy(...reportScansOrder);
  return {
    // The totals count patrollers by email before the emails are left out.
    reportDetails: { ...reportPeriod(report), ...summariseReport(rows) },
    reportItems: rows.map(publicReportItem),
  };
}
