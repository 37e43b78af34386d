import { z } from 'zod';
import { canonicalPlateFieldSchema } from '../rules/plates';
import { instantSchema, uuidSchema } from './common';
import { defineRoute } from './define-route';

/** The longest range a report may cover. */
export const MAX_REPORT_DAYS = 366;

/** How many days a report's no-sign-in link lasts by default (the REPORT_LINK_DAYS setting's default). */
export const DEFAULT_REPORT_LINK_DAYS = 30;
/** The latest expiry a report's maker may choose, in days from now. */
export const MAX_REPORT_LINK_DAYS = 3660;

/** A calendar day in the tenant's time zone, or an exact instant. */
const reportBoundSchema = z.union([z.iso.date(), instantSchema], {
  error: 'must be a date (YYYY-MM-DD) or an ISO instant',
});

export const createReportBodySchema = z.object({
  /** A date means the start of that day in the tenant's time zone. */
  startDate: reportBoundSchema,
  /** A date means the end of that day (inclusive) in the tenant's time zone. */
  endDate: reportBoundSchema,
  /** A filter is only ever matched: kept in canonical form. */
  plate: canonicalPlateFieldSchema()
    .nullish()
    .transform((value) => value || null),
  /**
   * When the no-sign-in link stops answering: a date means the end of that day in the tenant's
   * time zone. Unset: REPORT_LINK_DAYS from now.
   */
  // Null rides on the blank branch: OpenAPI 3.0 wants a type beside each nullable.
  expiresAt: z
    .union([z.literal('').nullable(), reportBoundSchema])
    .optional()
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
  /** Null for a scan recorded without the phone's position (issue 29). */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
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
  summary:
    "An activity report of the host's tenant by its uuid (no sign-in: the uuid is the capability, until the link expires or is revoked; officers' emails omitted)",
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
  /** From then on the link answers 404; the console still lists the report. */
  expiresAt: z.string(),
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

/** Scans of a report per page of its scan list. */
export const REPORT_SCANS_PAGE_SIZE = 25;
/** The last page the scan list may ask for (2.5 million scans at 25 a page). */
export const REPORT_SCANS_MAX_PAGE = 100_000;
/** The heat map's grid: scans are counted in cells of this many degrees (about 11 m; decision 155). */
export const REPORT_HEAT_CELL_DEGREES = 0.0001;

/** The scans' extent in degrees, before the map's margin. */
export const reportBoundsSchema = z.object({
  south: z.number(),
  west: z.number(),
  north: z.number(),
  east: z.number(),
});
export type ReportScanBounds = z.infer<typeof reportBoundsSchema>;

/**
 * The heat map as cells of REPORT_HEAT_CELL_DEGREES in parallel arrays: each cell's centre, its
 * number of scans and of alerts among them.
 */
export const reportHeatMapSchema = z.object({
  latitude: z.array(z.number()),
  longitude: z.array(z.number()),
  count: z.array(z.number().int()),
  alerts: z.array(z.number().int()),
});
export type ReportHeatMap = z.infer<typeof reportHeatMapSchema>;

/** What the report page's first screen shows: the totals, and the map aggregated in the database. */
export const reportSummaryResponseSchema = z.object({
  reportDetails: reportDetailsSchema,
  /** The operator's MapLibre style for the heat map (MAP_STYLE_URL), or null for a plain background. */
  mapStyleURL: z.string().nullable(),
  /** Null when the report has no scans. */
  bounds: reportBoundsSchema.nullable(),
  heatMap: reportHeatMapSchema,
});
export type ReportSummaryData = z.infer<typeof reportSummaryResponseSchema>;

export const getReportSummaryContract = defineRoute({
  method: 'GET',
  path: '/reports/:id/summary',
  summary: "A report's totals, extent and heat map cells (the report page's first screen; no sign-in)",
  tags: ['reports'],
  auth: 'none',
  params: z.object({ id: uuidSchema }),
  response: reportSummaryResponseSchema,
  errors: [404],
});

/** A scan's place in the list's order: its capture time to the microsecond (UTC) and its id. */
export interface ReportScanCursor {
  capturedAt: string;
  id: string;
}

const CURSOR_INSTANT = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3})\d{3}Z$/;
const CURSOR_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The cursor's text, `<capture time>~<id>`: the server writes it and reads it back. */
export function writeReportScanCursor(cursor: ReportScanCursor): string {
  return `${cursor.capturedAt}~${cursor.id}`;
}

/** The cursor a page's `nextCursor` gave, or null when the text is not one. */
export function readReportScanCursor(text: string): ReportScanCursor | null {
  const [capturedAt, id, ...rest] = text.split('~');
  if (rest.length || !capturedAt || !id || !CURSOR_ID.test(id)) return null;
  const millis = CURSOR_INSTANT.exec(capturedAt)?.[1];
  // A real instant only: the text must survive a round trip through Date (no 31 February).
  if (
    !millis ||
    Number.isNaN(Date.parse(`${millis}Z`)) ||
    new Date(`${millis}Z`).toISOString() !== `${millis}Z`
  )
    return null;
  return { capturedAt, id };
}

export const reportScansQuerySchema = z.object({
  page: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(REPORT_SCANS_MAX_PAGE, `must be at most ${REPORT_SCANS_MAX_PAGE}`)
    .default(1),
  /**
   * The previous page's `nextCursor`: the page starts after that scan (keyset, decision 231)
   * instead of skipping (page - 1) × pageSize scans. `page` then only numbers the answer.
   */
  after: z
    .string()
    .max(100, 'must be a cursor from the previous page')
    .refine((text) => readReportScanCursor(text) !== null, 'must be a cursor from the previous page')
    .optional(),
});

export const reportScansPageSchema = z.object({
  /** REPORT_SCANS_PAGE_SIZE scans at most, newest first; none past the last page. */
  reportItems: z.array(reportItemSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Every scan of the report. */
  total: z.number().int(),
  /** Pass as `after` to read the next page by keyset; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ReportScansPage = z.infer<typeof reportScansPageSchema>;

export const getReportScansContract = defineRoute({
  method: 'GET',
  path: '/reports/:id/scans',
  summary: "One page of a report's scans, newest first (no sign-in)",
  tags: ['reports'],
  auth: 'none',
  params: z.object({ id: uuidSchema }),
  query: reportScansQuerySchema,
  response: reportScansPageSchema,
  errors: [404],
});
