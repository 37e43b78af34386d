import { z } from 'zod';
import { canonicalPlateFieldSchema } from '../rules/plates';
import { citationSchema, MAX_SEARCH_TERM_LENGTH, paymentStatusSchema } from './citations';
import { instantSchema, uuidSchema } from './common';
import { defineRoute } from './define-route';
import { MAX_NOTICE_PHOTOS } from './enforcement';
import { listTotalShape, pagesReachError } from './list-total';
import { paymentPlanSchema } from './payment-plans';
import { refundBodySchema } from './refunds';

/**
 * The console's notices (issue 11, docs/console-notices.md): a server-sorted, server-paginated
 * list, the changes an operator makes to one notice, violation codes and CSV import and export.
 */

/** Most rows a page of the list shows, and the deepest row a page may start at (bounded offset). */
export const NOTICE_PAGE_SIZE_MAX = 100;
export const NOTICE_LIST_MAX_OFFSET = 10_000;

export const NOTICE_SORT_KEYS = ['issued', 'amount', 'status', 'plate'] as const;
export type NoticeSortKey = (typeof NOTICE_SORT_KEYS)[number];

const daySchema = z.iso.date({ message: 'must be a date as YYYY-MM-DD' });

/** The filters the list and the export share: the export answers exactly what the list shows. */
export const noticeFilterSchema = z.object({
  /** A plate or notice number, or the start of one (spaces ignored, any case). */
  q: z
    .string()
    .max(MAX_SEARCH_TERM_LENGTH, `must be at most ${MAX_SEARCH_TERM_LENGTH} characters`)
    .optional(),
  status: paymentStatusSchema.optional(),
  /** Issued on or after this tenant-local day. */
  from: daySchema.optional(),
  /** Issued on or before this tenant-local day. */
  to: daySchema.optional(),
  codeUUID: uuidSchema.optional(),
  sort: z.enum(NOTICE_SORT_KEYS).default('issued'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type NoticeFilter = z.output<typeof noticeFilterSchema>;

export const listNoticesQuerySchema = noticeFilterSchema
  .extend({
    page: z.coerce.number().int().min(1, 'must be 1 or more').default(1),
    pageSize: z.coerce
      .number()
      .int()
      .min(1, 'must be 1 or more')
      .max(NOTICE_PAGE_SIZE_MAX, `must be at most ${NOTICE_PAGE_SIZE_MAX}`)
      .default(25),
  })
  .refine((query) => (query.page - 1) * query.pageSize <= NOTICE_LIST_MAX_OFFSET, {
    ...pagesReachError('pagesReachNotices', NOTICE_LIST_MAX_OFFSET),
    path: ['page'],
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: "'from' must not be after 'to'",
    path: ['from'],
  });

/** One row of the list: what a table shows, no more. */
export const noticeListItemSchema = z.object({
  uuid: z.uuid(),
  citationNumber: z.string(),
  plate: z.string(),
  stateProv: z.string().nullable(),
  createdOn: z.string(),
  paymentStatus: paymentStatusSchema,
  /** The amount in force: the override when there is one, else the original amount (cents). */
  amount: z.number().int(),
  isAmountOverridden: z.boolean(),
  citationName: z.string().nullable(),
  location: z.string().nullable(),
});
export type NoticeListItem = z.infer<typeof noticeListItemSchema>;

export const noticePageSchema = z.object({
  items: z.array(noticeListItemSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Whether a next page exists. */
  hasMore: z.boolean(),
  ...listTotalShape,
});
export type NoticePage = z.infer<typeof noticePageSchema>;

export const listNoticesContract = defineRoute({
  method: 'GET',
  path: '/dashboard/notices',
  summary: "The tenant's notices: filtered, sorted and paginated on the server",
  tags: ['console'],
  auth: 'operator',
  permission: 'notice.list',
  query: listNoticesQuerySchema,
  response: noticePageSchema,
  errors: [401, 403, 404],
});

/** GET /dashboard/notices/export: the same filters, answered as a streamed CSV file. */
export const exportNoticesContract = defineRoute({
  method: 'GET',
  path: '/dashboard/notices/export',
  summary: "The filtered notices as a CSV file (text/csv) in the list's order, streamed, every row",
  tags: ['console'],
  auth: 'operator',
  permission: 'notice.list',
  query: noticeFilterSchema,
  response: z.string(),
  errors: [401, 403, 404],
});

const noticeParamsSchema = z.object({ uuid: uuidSchema });

/** A notice as the console shows it: the portal's notice, and its audit history. */
export const consoleNoticeSchema = z.object({
  citation: citationSchema,
  /** Its payment plan and instalments (issue 31); null when it never had one. */
  paymentPlan: paymentPlanSchema.nullable(),
  history: z.array(
    z.object({
      action: z.string(),
      actorLabel: z.string(),
      createdAt: z.string(),
    }),
  ),
  /** What was paid for it on the portal (cents, fees included), and what can still be refunded. */
  paid: z.number().int(),
  refundable: z.number().int(),
});
export type ConsoleNotice = z.infer<typeof consoleNoticeSchema>;

export const getConsoleNoticeContract = defineRoute({
  method: 'GET',
  path: '/dashboard/notices/:uuid',
  summary: 'One notice of the tenant, with who changed it when',
  tags: ['console'],
  auth: 'operator',
  permission: 'notice.list',
  params: noticeParamsSchema,
  response: consoleNoticeSchema,
  errors: [401, 403, 404],
});

/** Longest accepted value of each free-text notice field; longer is a 400. */
export const NOTICE_FIELD_LIMITS = {
  citationNumber: 32,
  plate: 16,
  stateProv: 8,
  location: 200,
  make: 60,
  color: 40,
  comments: 2000,
} as const;

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

/** Cents, whole and not negative; a million dollars is far beyond any parking notice. */
export const MAX_NOTICE_AMOUNT = 100_000_000;
export const centsSchema = z
  .number({ message: 'must be an amount in cents' })
  .int('must be whole cents')
  .min(0, 'must not be negative')
  .max(MAX_NOTICE_AMOUNT, 'is too large');

/** A notice keeps only the canonical plate (decision 174): it is only ever matched. */
const plateSchema = canonicalPlateFieldSchema({ required: 'is required' });

/** The details of a notice an operator may write and later correct. */
const noticeDetailsSchema = z.object({
  plate: plateSchema,
  stateProv: text(NOTICE_FIELD_LIMITS.stateProv),
  location: text(NOTICE_FIELD_LIMITS.location),
  make: text(NOTICE_FIELD_LIMITS.make),
  color: text(NOTICE_FIELD_LIMITS.color),
  comments: text(NOTICE_FIELD_LIMITS.comments),
});

export const noticeNumberSchema = z
  .string()
  .transform((value) => value.replace(/\s+/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .max(
        NOTICE_FIELD_LIMITS.citationNumber,
        `must be at most ${NOTICE_FIELD_LIMITS.citationNumber} characters`,
      )
      .regex(/^[A-Z0-9-]*$/, 'may contain only letters, digits and hyphens'),
  );

export const createNoticeBodySchema = noticeDetailsSchema.extend({
  /** Blank: the server numbers it (E…, the same series as notices written in the field). */
  citationNumber: noticeNumberSchema.optional(),
  citationCodeUUID: uuidSchema,
  /** Blank: the violation code's amount and late tiers. */
  amount: centsSchema.nullable().optional(),
  /** When the violation happened; blank means now. Never in the future. */
  createdOn: z.iso.datetime({ offset: true, message: 'must be a date and time' }).optional(),
  /**
   * Photos of the violation: files uploaded for 'notice-photo' (POST /uploads) on this tenant's
   * storage, shown on the notice in the console and to the public; as many as a field notice takes.
   */
  imageURLs: z
    .array(z.string().max(2048))
    .max(MAX_NOTICE_PHOTOS, `at most ${MAX_NOTICE_PHOTOS} photos`)
    .default([]),
});
export type CreateNoticeBody = z.input<typeof createNoticeBodySchema>;

export const createNoticeContract = defineRoute({
  method: 'POST',
  path: '/dashboard/notices',
  summary: 'Write a notice (409: the number is taken)',
  tags: ['console'],
  auth: 'operator',
  permission: 'notice.create',
  body: createNoticeBodySchema,
  response: consoleNoticeSchema,
  errors: [401, 403, 404, 409],
});

export const updateNoticeBodySchema = noticeDetailsSchema.extend({ citationCodeUUID: uuidSchema });
export type UpdateNoticeBody = z.input<typeof updateNoticeBodySchema>;

export const updateNoticeContract = defineRoute({
  method: 'PUT',
  path: '/dashboard/notices/:uuid',
  summary: "Correct a notice's details (plate, place, vehicle, violation code, comments)",
  tags: ['console'],
  auth: 'operator',
  permission: 'notice.edit',
  params: noticeParamsSchema,
  body: updateNoticeBodySchema,
  response: consoleNoticeSchema,
  errors: [401, 403, 404],
});

export const NOTICE_REASON_MAX = 500;
const reasonSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(NOTICE_REASON_MAX, `must be at most ${NOTICE_REASON_MAX} characters`);

export const voidNoticeBodySchema = z.object({ reason: reasonSchema });
export type VoidNoticeBody = z.input<typeof voidNoticeBodySchema>;

export const voidNoticeContract = defineRoute({
  method: 'POST',
  path: '/dashboard/notices/:uuid/void',
  summary: 'Void a notice: it owes nothing and can no longer be paid (409: paid or already void)',
  tags: ['console'],
  auth: 'operator',
  permission: 'notice.edit',
  params: noticeParamsSchema,
  body: voidNoticeBodySchema,
  response: consoleNoticeSchema,
  errors: [401, 403, 404, 409],
});

export const overrideNoticeAmountBodySchema = z.object({
  /** The new amount in cents, or null to go back to the original amount. */
  amountOverride: centsSchema.nullable(),
  reason: reasonSchema,
});
export type OverrideNoticeAmountBody = z.input<typeof overrideNoticeAmountBodySchema>;

export const overrideNoticeAmountContract = defineRoute({
  method: 'PUT',
  path: '/dashboard/notices/:uuid/amount',
  summary: "Override a notice's amount, or clear the override (409: paid, void or archived)",
  tags: ['console'],
  auth: 'operator',
  permission: 'notice.edit',
  params: noticeParamsSchema,
  body: overrideNoticeAmountBodySchema,
  response: consoleNoticeSchema,
  errors: [401, 403, 404, 409],
});

export const refundNoticeContract = defineRoute({
  method: 'POST',
  path: '/dashboard/notices/:uuid/refund',
  summary:
    "Refund a notice's payment through the payment provider, all that is refundable or part of it, with a reason: a full refund voids the notice, a partial one leaves it paid (exactly once; the payer is emailed; audit-logged)",
  tags: ['console'],
  auth: 'operator',
  permission: 'notice.refund',
  idempotent: true,
  params: noticeParamsSchema,
  body: refundBodySchema,
  response: consoleNoticeSchema,
  errors: [401, 403, 404, 409, 502],
});

// Violation codes.

export const violationCodeSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  amount: z.number().int().nullable(),
  lateAmount1: z.number().int().nullable(),
  lateDays1: z.number().int().nullable(),
  lateAmount2: z.number().int().nullable(),
  lateDays2: z.number().int().nullable(),
  /** When it was archived: old notices keep it, new notices cannot take it; null while in use. */
  archivedAt: instantSchema.nullable(),
});
export type ViolationCode = z.infer<typeof violationCodeSchema>;

export const listViolationCodesContract = defineRoute({
  method: 'GET',
  path: '/dashboard/violation-codes',
  summary: "The tenant's violation codes, by name, archived ones included (archivedAt set)",
  tags: ['console'],
  auth: 'operator',
  permission: 'notice.list',
  response: z.array(violationCodeSchema),
  errors: [401, 403, 404],
});

export const lateDaysSchema = z
  .number({ message: 'must be a number of days' })
  .int('must be whole days')
  .min(1, 'must be 1 or more')
  .max(3650, 'must be at most 3650');

/** A code's fields, before the rules between its late tiers (see violationCodeBodySchema). */
export const violationCodeFieldsSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(60, 'must be at most 60 characters')
    .transform((value) => value.toUpperCase()),
  description: text(300),
  amount: centsSchema,
  lateAmount1: centsSchema.nullable().default(null),
  lateDays1: lateDaysSchema.nullable().default(null),
  lateAmount2: centsSchema.nullable().default(null),
  lateDays2: lateDaysSchema.nullable().default(null),
});

type LateTiers = Record<'lateAmount1' | 'lateDays1' | 'lateAmount2' | 'lateDays2', number | null>;

/**
 * A late tier is an amount and the days after issue it applies from; the second comes after the
 * first. The console's form checks the same rules (with its own dollar fields).
 */
export function checkLateTiers(code: LateTiers, context: z.RefinementCtx) {
  const issue = (path: string, message: string) =>
    context.addIssue({ code: 'custom', path: [path], message });
  const bothOrNeither = 'A late tier needs both an amount and a number of days.';
  if ((code.lateAmount1 === null) !== (code.lateDays1 === null)) issue('lateDays1', bothOrNeither);
  if ((code.lateAmount2 === null) !== (code.lateDays2 === null)) issue('lateDays2', bothOrNeither);
  if (code.lateDays2 !== null && code.lateDays1 === null)
    issue('lateDays2', 'Set the first late tier before the second.');
  if (code.lateDays2 !== null && code.lateDays1 !== null && code.lateDays1 >= code.lateDays2)
    issue('lateDays2', 'The second late tier must start after the first.');
}

export const violationCodeBodySchema = violationCodeFieldsSchema.superRefine(checkLateTiers);
export type ViolationCodeBody = z.input<typeof violationCodeBodySchema>;

export const createViolationCodeContract = defineRoute({
  method: 'POST',
  path: '/dashboard/violation-codes',
  summary: 'Add a violation code (409: the name is taken)',
  tags: ['console'],
  auth: 'operator',
  permission: 'violation-code.manage',
  body: violationCodeBodySchema,
  response: violationCodeSchema,
  errors: [401, 403, 404, 409],
});

export const updateViolationCodeContract = defineRoute({
  method: 'PUT',
  path: '/dashboard/violation-codes/:uuid',
  summary: "Change a violation code's name, amount and late tiers (new notices only)",
  tags: ['console'],
  auth: 'operator',
  permission: 'violation-code.manage',
  params: z.object({ uuid: uuidSchema }),
  body: violationCodeBodySchema,
  response: violationCodeSchema,
  errors: [401, 403, 404, 409],
});

const violationCodeParamsSchema = z.object({ uuid: uuidSchema });

export const archiveViolationCodeContract = defineRoute({
  method: 'POST',
  path: '/dashboard/violation-codes/:uuid/archive',
  summary: 'Archive a violation code: old notices keep it, new notices cannot take it (idempotent)',
  tags: ['console'],
  auth: 'operator',
  permission: 'violation-code.manage',
  params: violationCodeParamsSchema,
  response: violationCodeSchema,
  errors: [401, 403, 404],
});

export const restoreViolationCodeContract = defineRoute({
  method: 'POST',
  path: '/dashboard/violation-codes/:uuid/restore',
  summary: 'Bring an archived violation code back into use (idempotent)',
  tags: ['console'],
  auth: 'operator',
  permission: 'violation-code.manage',
  params: violationCodeParamsSchema,
  response: violationCodeSchema,
  errors: [401, 403, 404],
});

// CSV import.

/** Caps of one import: the whole file travels in one JSON body (1 MiB limit of the server). */
export const NOTICE_IMPORT_MAX_ROWS = 5000;
export const NOTICE_IMPORT_MAX_CHARACTERS = 900_000;

export const noticeImportBodySchema = z.object({
  csv: z
    .string()
    .min(1, 'is empty')
    .max(
      NOTICE_IMPORT_MAX_CHARACTERS,
      `is larger than ${Math.round(NOTICE_IMPORT_MAX_CHARACTERS / 1000)} kB: split the file`,
    ),
  /**
   * Import the rows that pass every check and leave out the rows with problems (issue 33); by
   * default a file is imported whole or not at all. A problem of the whole file still refuses it.
   */
  onlyValidRows: z.boolean().default(false),
});
export type NoticeImportBody = z.input<typeof noticeImportBodySchema>;

export const noticeImportProblemSchema = z.object({
  /** The line of the file (1 is the header), or 0 for a problem of the whole file. */
  line: z.number().int(),
  /** The column, or null for a problem of the whole row or file. */
  field: z.string().nullable(),
  message: z.string(),
});
export type NoticeImportProblem = z.infer<typeof noticeImportProblemSchema>;

export const noticeImportPreviewSchema = z.object({
  rowCount: z.number().int(),
  problems: z.array(noticeImportProblemSchema),
  /** The first rows as they would be written (at most 20), to check the columns line up. */
  sample: z.array(
    z.object({
      line: z.number().int(),
      citationNumber: z.string(),
      plate: z.string(),
      createdOn: z.string(),
      amount: z.number().int(),
      citationName: z.string(),
    }),
  ),
});
export type NoticeImportPreview = z.infer<typeof noticeImportPreviewSchema>;

export const previewNoticeImportContract = defineRoute({
  method: 'POST',
  path: '/dashboard/notices/import/preview',
  summary: 'Check a CSV of notices row by row; writes nothing',
  tags: ['console'],
  auth: 'operator',
  permission: 'notice.edit',
  body: noticeImportBodySchema,
  response: noticeImportPreviewSchema,
  errors: [401, 403, 404],
});

export const importNoticesContract = defineRoute({
  method: 'POST',
  path: '/dashboard/notices/import',
  summary:
    'Import a CSV of notices: every row or none (400 names each bad row and field), or only its valid rows',
  tags: ['console'],
  auth: 'operator',
  permission: 'notice.edit',
  body: noticeImportBodySchema,
  response: z.object({
    imported: z.number().int(),
    /** With onlyValidRows: the rows left out for their problems. */
    skipped: z.number().int().optional(),
  }),
  errors: [401, 403, 404, 409],
});
