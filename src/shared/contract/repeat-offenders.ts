import { z } from 'zod';
import { canonicalPlateFieldSchema } from '../rules/plates';
import { defineRoute } from './define-route';

/**
 * Repeat offenders (issue 31, decision 213): plates whose unpaid notices meet the tenant's
 * repeatOffenderNoticeCount or repeatOffenderOverdueDays. The patrol plate check carries the same
 * standing; the console lists the plates, looks one up and exports the list.
 */

/** Where a plate stands: its unpaid notices, what they ask today, and whether that flags it. */
export const plateStandingSchema = z.object({
  /** The plate meets one of the tenant's repeat-offender tests. */
  isRepeatOffender: z.boolean(),
  /** "Repeat offender: 4 unpaid notices." — the line to show; null when the plate is not flagged. */
  repeatOffenderMessage: z.string().nullable(),
  /** Notices of the plate neither paid, void nor archived. */
  unpaidNoticeCount: z.number().int(),
  /** What they ask today in cents: amounts (or overrides) with the late penalties reached, no fees. */
  unpaidTotal: z.number().int(),
  /** When the oldest unpaid notice was issued, and how many tenant-local days ago. */
  oldestUnpaidOn: z.string().nullable(),
  oldestUnpaidDays: z.number().int().nullable(),
});
export type PlateStanding = z.infer<typeof plateStandingSchema>;

/** The tenant's rule, as the console shows it above its list; both null: the check is off. */
export const repeatOffenderRuleSchema = z.object({
  repeatOffenderNoticeCount: z.number().int().nullable(),
  repeatOffenderOverdueDays: z.number().int().nullable(),
});

export const repeatOffenderSchema = plateStandingSchema.extend({
  plate: z.string(),
  /** The state or province of the plate's newest unpaid notice. */
  stateProv: z.string().nullable(),
  newestUnpaidOn: z.string(),
});
export type RepeatOffender = z.infer<typeof repeatOffenderSchema>;

export const REPEAT_OFFENDER_PAGE_SIZE_MAX = 200;

export const listRepeatOffendersQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'must be 1 or more').max(100_000, 'must be at most 100000').default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1, 'must be 1 or more')
    .max(REPEAT_OFFENDER_PAGE_SIZE_MAX, `must be at most ${REPEAT_OFFENDER_PAGE_SIZE_MAX}`)
    .default(50),
});

export const repeatOffenderPageSchema = z.object({
  rule: repeatOffenderRuleSchema,
  /** Most unpaid notices first, then the longest unpaid, then by plate. */
  items: z.array(repeatOffenderSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Every repeat offender of the tenant, over all pages. */
  total: z.number().int(),
});
export type RepeatOffenderPage = z.infer<typeof repeatOffenderPageSchema>;

export const listRepeatOffendersContract = defineRoute({
  method: 'GET',
  path: '/dashboard/repeat-offenders',
  summary: "The tenant's repeat offenders: plates with their unpaid notices and what they owe",
  tags: ['console'],
  auth: 'operator',
  permission: 'notice.list',
  query: listRepeatOffendersQuerySchema,
  response: repeatOffenderPageSchema,
  errors: [401, 403, 404],
});

export const exportRepeatOffendersContract = defineRoute({
  method: 'GET',
  path: '/dashboard/repeat-offenders/export',
  summary: "The tenant's repeat offenders as a CSV file (text/csv), every row, in the list's order",
  tags: ['console'],
  auth: 'operator',
  permission: 'notice.list',
  response: z.string(),
  errors: [401, 403, 404],
});

export const plateStandingResponseSchema = plateStandingSchema.extend({
  plate: z.string(),
  rule: repeatOffenderRuleSchema,
});

export const getPlateStandingContract = defineRoute({
  method: 'GET',
  // A plate is no record of the tenant: it is asked in the query, as the console's search asks it.
  path: '/dashboard/repeat-offenders/standing',
  summary: 'Whether one plate is a repeat offender, with its unpaid notices and what they owe',
  tags: ['console'],
  auth: 'operator',
  permission: 'notice.list',
  query: z.object({ plate: canonicalPlateFieldSchema({ required: 'must not be empty' }) }),
  response: plateStandingResponseSchema,
  errors: [401, 403, 404],
});
