import { z } from 'zod';
import { defineRoute } from './define-route';

/**
 * The console's first page (issue 11): today's and this month's figures, counted in the tenant's
 * time zone. Money is in cents, what the notices and passes themselves cost (fees excluded).
 */
export const consoleOverviewSchema = z.object({
  /** The tenant-local calendar day and month the figures are for: '2026-11-20', '2026-11'. */
  today: z.string(),
  month: z.string(),
  noticesIssuedToday: z.number().int(),
  noticesPaidToday: z.number().int(),
  revenueThisMonth: z.object({
    notices: z.number().int(),
    passes: z.number().int(),
    total: z.number().int(),
  }),
  passesActive: z.number().int(),
  waitingApprovals: z.number().int(),
  pendingAppeals: z.number().int(),
});
export type ConsoleOverview = z.infer<typeof consoleOverviewSchema>;

export const getConsoleOverviewContract = defineRoute({
  method: 'GET',
  path: '/dashboard/overview',
  summary:
    "Today's notices issued and paid, this month's revenue, active passes, waiting approvals, pending appeals",
  tags: ['dashboard'],
  auth: 'operator',
  permission: 'console.read',
  response: consoleOverviewSchema,
  errors: [401, 403, 404],
});
