import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type createReportBodySchema,
  type createReportResponseSchema,
  MAX_REPORT_DAYS,
  type ReportData,
} from '../../../shared/contract';
import { normaliseSearchTerm } from '../../../shared/rules';
import { summariseReport } from '../../../shared/rules/report-summary';
import { type Database, queryRows } from '../../db/client';
import { patrolReports, patrolScans, type TenantRow } from '../../db/schema';
import { badRequest, notFound } from '../../errors';

dayjs.extend(utc);
dayjs.extend(timezone);

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** A date is a whole day in the tenant's time zone: its start, or (for an end) its last instant. */
function resolveBound(value: string, timeZone: string, edge: 'start' | 'end'): Date {
  if (!DATE_ONLY.test(value)) return new Date(value);
  const start = dayjs.tz(value, timeZone);
  return edge === 'start' ? start.toDate() : new Date(start.add(1, 'day').valueOf() - 1);
}

export async function createReport(options: {
  db: Database;
  tenant: TenantRow;
  operatorId: string;
  body: z.output<typeof createReportBodySchema>;
  reportBaseUrl: string;
}): Promise<z.input<typeof createReportResponseSchema>> {
  const { tenant, body } = options;
  const startDate = resolveBound(body.startDate, tenant.timezone, 'start');
  const endDate = resolveBound(body.endDate, tenant.timezone, 'end');
  if (endDate < startDate) throw badRequest("Invalid body field 'endDate': must not be before startDate.");
  if (endDate.getTime() - startDate.getTime() > MAX_REPORT_DAYS * DAY_MS) {
    throw badRequest(`Invalid body field 'endDate': a report covers at most ${MAX_REPORT_DAYS} days.`);
  }
  const plate = body.plate ? normaliseSearchTerm(body.plate) : null;
  const [row] = await options.db
    .insert(patrolReports)
    .values({ tenantId: tenant.id, startDate, endDate, plate, createdByOperatorId: options.operatorId })
    .returning();
  return {
    uuid: row!.id,
    startDate: row!.startDate.toISOString(),
    endDate: row!.endDate.toISOString(),
    plate: row!.plate,
    reportUrl: `${options.reportBaseUrl}/reports/${row!.id}`,
  };
}

/**
 * The report's data (part 2 sections 3, 7 and 9): with a plate, every scan of that plate;
 * otherwise the scans inside the date range; newest first. Both use an index of patrol_scans
 * that starts with the tenant and is ordered by capture time.
 */
/** The report (of this tenant) and the condition selecting its scans; 404 for another tenant's. */
async function findReportScope(db: Database, tenant: TenantRow, reportId: string) {
  const [report] = await db
    .select()
    .from(patrolReports)
    .where(and(eq(patrolReports.tenantId, tenant.id), eq(patrolReports.id, reportId)));
  if (!report) throw notFound('Report');
  const filter = report.plate
    ? eq(patrolScans.plateNormalized, normaliseSearchTerm(report.plate))
    : and(gte(patrolScans.capturedAt, report.startDate), lte(patrolScans.capturedAt, report.endDate));
  return { report, where: and(eq(patrolScans.tenantId, tenant.id), filter) };
}

export async function getReportData(options: {
  db: Database;
  tenant: TenantRow;
  reportId: string;
}): Promise<Omit<ReportData, 'mapStyleURL'>> {
  const { db, tenant } = options;
  const { report, where } = await findReportScope(db, tenant, options.reportId);
  const rows = await db
    .select({
      capturedAt: sql<string>`to_char(${patrolScans.capturedAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      plate: patrolScans.plate,
      fullname: patrolScans.fullname,
      userEmail: patrolScans.userEmail,
      alertMessage: patrolScans.alertMessage,
      fullImageURL: patrolScans.fullImageUrl,
      latitude: patrolScans.latitude,
      longitude: patrolScans.longitude,
    })
    .from(patrolScans)
    .where(where)
    .orderBy(desc(patrolScans.capturedAt), desc(patrolScans.id));
  return {
    reportDetails: reportDetailsOf(report, summariseReport(rows)),
    reportItems: rows,
  };
}

function reportDetailsOf(
  report: typeof patrolReports.$inferSelect,
  summary: ReturnType<typeof summariseReport>,
) {
  return {
    startDate: report.startDate.toISOString(),
    endDate: report.endDate.toISOString(),
    plate: report.plate,
    ...summary,
  };
}

/**
 * The report in columns (decision 124) as JSON text built by PostgreSQL: one array per field in
 * the report's order (newest first), capturedAt as epoch milliseconds, the repeated texts as
 * indexes into a dictionary (-1 for none). Node neither makes an object per scan nor serialises
 * 100,000 of them: it splices the database's text into the answer (issue 12, `npm run bench`).
 * The totals come from a grouped count through the same rule as the spec's answer.
 */
export async function getReportColumnsJson(options: {
  db: Database;
  tenant: TenantRow;
  reportId: string;
  mapStyleURL: string | null;
}): Promise<string> {
  const { db, tenant } = options;
  const { report, where } = await findReportScope(db, tenant, options.reportId);
  const groups = await db
    .select({
      alertMessage: patrolScans.alertMessage,
      userEmail: patrolScans.userEmail,
      count: sql<number>`count(*)::int`,
    })
    .from(patrolScans)
    .where(where)
    .groupBy(patrolScans.alertMessage, patrolScans.userEmail);
  const order = sql`ORDER BY s.captured_at DESC, s.id DESC`;
  const [built] = await queryRows<{ columns: string; dictionary: string }>(
    db,
    sql`WITH items AS (
          SELECT ${patrolScans.id} AS id, ${patrolScans.capturedAt} AS captured_at, ${patrolScans.plate} AS plate,
                 ${patrolScans.fullname} AS fullname, ${patrolScans.userEmail} AS user_email,
                 ${patrolScans.alertMessage} AS alert_message, ${patrolScans.fullImageUrl} AS full_image_url,
                 ${patrolScans.latitude} AS latitude, ${patrolScans.longitude} AS longitude
          FROM ${patrolScans} WHERE ${where}
        ), texts AS (
          SELECT v, (row_number() OVER (ORDER BY v) - 1)::int AS i
          FROM (SELECT fullname AS v FROM items UNION SELECT user_email FROM items
                UNION SELECT alert_message FROM items UNION SELECT full_image_url FROM items) AS t
          WHERE v IS NOT NULL
        )
        SELECT json_build_object(
                 'capturedAt', coalesce(json_agg(floor(extract(epoch FROM s.captured_at) * 1000)::bigint ${order}), '[]'),
                 'plate', coalesce(json_agg(s.plate ${order}), '[]'),
                 'fullname', coalesce(json_agg(coalesce(f.i, -1) ${order}), '[]'),
                 'userEmail', coalesce(json_agg(coalesce(e.i, -1) ${order}), '[]'),
                 'alertMessage', coalesce(json_agg(coalesce(a.i, -1) ${order}), '[]'),
                 'fullImageURL', coalesce(json_agg(coalesce(p.i, -1) ${order}), '[]'),
                 'latitude', coalesce(json_agg(s.latitude ${order}), '[]'),
                 'longitude', coalesce(json_agg(s.longitude ${order}), '[]')
               )::text AS columns,
               (SELECT coalesce(json_agg(v ORDER BY i), '[]') FROM texts)::text AS dictionary
        FROM items s
        LEFT JOIN texts f ON f.v = s.fullname
        LEFT JOIN texts e ON e.v = s.user_email
        LEFT JOIN texts a ON a.v = s.alert_message
        LEFT JOIN texts p ON p.v = s.full_image_url`,
  );
  const details = reportDetailsOf(report, summariseReport(groups));
  return `{"reportDetails":${JSON.stringify(details)},"reportItems":${built!.columns},"dictionary":${built!.dictionary},"mapStyleURL":${JSON.stringify(options.mapStyleURL)}}`;
}
