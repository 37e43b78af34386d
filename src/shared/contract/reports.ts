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
  body: createReportBodySchema,
  response: createReportResponseSchema,
  errors: [401, 403, 404],
});
