import { z } from 'zod';
import { dashboardAppealSchema } from './appeals';
import { MAX_SEARCH_TERM_LENGTH } from './citations';
import { defineRoute } from './define-route';
import { LIST_COUNT_CAP, listTotalShape, pagesReachError } from './list-total';

/**
 * The console's appeals as a list (issue 33): the queue of pending appeals by default (a decided
 * appeal leaves it), the decided ones by outcome, a search by notice number or plate, pages with
 * a total. GET /dashboard/appeals keeps its first answer (the whole queue) for older clients.
 */
export const APPEAL_STATES = ['pending', 'decided', 'all'] as const;
export type AppealState = (typeof APPEAL_STATES)[number];
export const APPEAL_OUTCOMES = ['approved', 'denied'] as const;
export type AppealOutcome = (typeof APPEAL_OUTCOMES)[number];
export const APPEAL_PAGE_SIZE_MAX = 100;

export const searchDashboardAppealsQuerySchema = z
  .object({
    /** The start of a notice number or of a plate (spaces ignored, any case). */
    q: z
      .string()
      .trim()
      .max(MAX_SEARCH_TERM_LENGTH, `must be at most ${MAX_SEARCH_TERM_LENGTH} characters`)
      .optional(),
    state: z.enum(APPEAL_STATES, { message: 'must be pending, decided or all' }).default('pending'),
    outcome: z.enum(APPEAL_OUTCOMES, { message: 'must be approved or denied' }).optional(),
    page: z.coerce.number().int('must be a whole number').min(1, 'must be 1 or more').default(1),
    pageSize: z.coerce
      .number()
      .int('must be a whole number')
      .min(1, 'must be 1 or more')
      .max(APPEAL_PAGE_SIZE_MAX, `must be at most ${APPEAL_PAGE_SIZE_MAX}`)
      .default(25),
  })
  .refine((query) => (query.page - 1) * query.pageSize <= LIST_COUNT_CAP, {
    ...pagesReachError('pagesReachAppeals', LIST_COUNT_CAP),
    path: ['page'],
  })
  .refine((query) => !query.outcome || query.state !== 'pending', {
    message: 'A pending appeal has no outcome yet: choose decided appeals to filter by outcome.',
    path: ['outcome'],
  });
export type SearchDashboardAppealsQuery = z.input<typeof searchDashboardAppealsQuerySchema>;

export const appealPageSchema = z.object({
  items: z.array(dashboardAppealSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  ...listTotalShape,
});
export type AppealPage = z.infer<typeof appealPageSchema>;

export const searchDashboardAppealsContract = defineRoute({
  method: 'GET',
  path: '/dashboard/appeals/search',
  summary:
    "The tenant's appeals by state (pending oldest first, decided newest first), outcome and notice or plate, a page at a time",
  tags: ['dashboard'],
  auth: 'operator',
  permission: 'appeal.list',
  query: searchDashboardAppealsQuerySchema,
  response: appealPageSchema,
  errors: [401, 403, 404],
});
