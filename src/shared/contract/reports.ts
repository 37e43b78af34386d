import { z } from 'zod';
import { instantSchema, uuidSchema } from './common';
import { defineRoute } from './define-route';
import { MAX_PLATE_LENGTH } from './enforcement';

/** The longest range a report may cover. */
export const MAX_REPORT_DAYS = 366;

/** A calendar day in the tenant's time zone, or an exact instant. */
const reportBoundSchema = z.union([z.iso.date(), instantSchema], {
  error: 'must be a date (YYYY-MM-DD) or an ISO instant',
});

export const createReportBodySchema = z.object({
  /** A date means the start of that day in the tenant's time zone. */
  startDate: reportBoundSchema,
  /** A date means the end of that day (inclusive) in the tenant's time zone. */
  endDate: reportBoundSchema,
  plate: z
    .string()
    .trim()
    .max(MAX_PLATE_LENGTH, `must be at most ${MAX_PLATE_LENGTH} characters`)
    .nullish()
    .transform((value) => value || null),
});
export type CreateReportBody = z.input<typeof createReportBodySchema>;

/** Report: reportDetails (section 3), plus the totals of section 9's rules. */
export const reportDetailsSchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  plate: z.string().nullable(),
  totalScans: z.number().int(),
  totalAlerts: z.number().int(),
  distinctPatrollers: z.number().int(),
});
export type ReportDetails = z.infer<typeof reportDetailsSchema>;

export const reportItemSchema = z.object({
  capturedAt: z.string(),
  plate: z.string(),
  fullname: z.string().nullable(),
  userEmail: z.string().nullable(),
  alertMessage: z.string().nullable(),
  fullImageURL: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
});
export type ReportItem = z.infer<typeof reportItemSchema>;

export const reportDataResponseSchema = z.object({
  reportDetails: reportDetailsSchema,
  /** Newest first. */
  reportItems: z.array(reportItemSchema),
  /** The operator's MapLibre style for the heat map (MAP_STYLE_URL), or null for a plain background. */
  mapStyleURL: z.string().nullable(),
});
export type ReportData = z.infer<typeof reportDataResponseSchema>;

export const getReportDataContract = defineRoute({
  method: 'GET',
  path: '/reports/:id/data',
  summary: "An activity report of the host's tenant by its uuid (no sign-in: the uuid is the capability)",
  tags: ['reports'],
  auth: 'none',
  params: z.object({ id: uuidSchema }),
  response: reportDataResponseSchema,
  errors: [404],
});

export const createReportResponseSchema = z.object({
  uuid: z.uuid(),
  startDate: z.string(),
  endDate: z.string(),
  plate: z.string().nullable(),
  /** The report page to share: /reports/{uuid} on the tenant's host. */
  reportUrl: z.string(),
});

export const createReportContract = defineRoute({
  method: 'POST',
  path: '/dashboard/reports',
  summary: 'Create an activity report over a date range and an optional plate',
  tags: ['dashboard'],
  auth: 'operator',
  permission: 'report.create',
  body: createReportBodySchema,
  response: createReportResponseSchema,
  errors: [401, 403, 404],
});

/**
 * The same report in columns, for the report page (decision 124): the spec's item fields as
 * parallel arrays, capturedAt as epoch milliseconds, and the repetitive texts (patrollers,
 * alerts, photo URLs) as indexes into `dictionary` (-1 for null). About a quarter of the size of
 * the spec's list at 100,000 scans, and no object per scan to build on either end.
 */
export const reportColumnsSchema = z.object({
  capturedAt: z.array(z.number()),
  plate: z.array(z.string()),
  fullname: z.array(z.number().int()),
  userEmail: z.array(z.number().int()),
  alertMessage: z.array(z.number().int()),
  fullImageURL: z.array(z.number().int()),
  latitude: z.array(z.number()),
  longitude: z.array(z.number()),
});
export type ReportColumns = z.infer<typeof reportColumnsSchema>;

export const reportColumnsResponseSchema = z.object({
  reportDetails: reportDetailsSchema,
  reportItems: reportColumnsSchema,
  dictionary: z.array(z.string()),
  mapStyleURL: z.string().nullable(),
});
export type ReportColumnsData = z.infer<typeof reportColumnsResponseSchema>;

export const getReportColumnsContract = defineRoute({
  method: 'GET',
  path: '/reports/:id/data/columns',
  summary: 'The report data in compact columns (the report page reads this form)',
  tags: ['reports'],
  auth: 'none',
  params: z.object({ id: uuidSchema }),
  response: reportColumnsResponseSchema,
  errors: [404],
});

/** Item `index` of a columnar report, with the spec's fields. */
export function reportItemAt(
  data: Pick<ReportColumnsData, 'reportItems' | 'dictionary'>,
  index: number,
): ReportItem {
  const { reportItems: columns, dictionary } = data;
  const text = (entry: number | undefined) =>
    entry === undefined || entry < 0 ? null : (dictionary[entry] ?? null);
  return {
    capturedAt: new Date(columns.capturedAt[index]!).toISOString(),
    plate: columns.plate[index]!,
    fullname: text(columns.fullname[index]),
    userEmail: text(columns.userEmail[index]),
    alertMessage: text(columns.alertMessage[index]),
    fullImageURL: text(columns.fullImageURL[index]),
    latitude: columns.latitude[index]!,
    longitude: columns.longitude[index]!,
  };
}
