import { z } from 'zod';
import { consoleDeskMessages as m } from '../messages/console-desk';
import { fillMessage } from '../messages/fill';
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

/** The longest range the trends cover (a year and a day, so a leap year's whole year fits). */
export const TRENDS_MAX_DAYS = 366;
export const TRENDS_DEFAULT_DAYS = 30;

const calendarDaySchema = (message: string) =>
  z.iso.date({ message }).refine((value) => !Number.isNaN(Date.parse(value)), message);

export const consoleTrendsQuerySchema = z
  .object({
    /** The first and last tenant-local day of the range, both included; blank: the last 30 days to today. */
    from: calendarDaySchema(m.trendsFromInvalid).optional(),
    to: calendarDaySchema(m.trendsToInvalid).optional(),
  })
  .superRefine((query, context) => {
    if (query.from && query.to && query.from > query.to) {
      context.addIssue({ code: 'custom', path: ['to'], message: m.trendsRangeOrder });
    } else if (query.from && query.to) {
      const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 + 1;
      if (days > TRENDS_MAX_DAYS) {
        context.addIssue({
          code: 'custom',
          path: ['from'],
          message: fillMessage(m.trendsRangeTooLong, { max: TRENDS_MAX_DAYS }),
        });
      }
    }
  });
export type ConsoleTrendsQuery = z.input<typeof consoleTrendsQuerySchema>;

/** One tenant-local day's figures. Money in cents, fees excluded (as the overview's revenue). */
export const trendDaySchema = z.object({
  date: z.string(),
  noticesIssued: z.number().int(),
  noticesPaid: z.number().int(),
  noticeRevenue: z.number().int(),
  passRevenue: z.number().int(),
  /** Passes paid for (bought or issued) that day. */
  passesSold: z.number().int(),
  /** Paid passes in force at the end of the day (at this moment for today). */
  passesActive: z.number().int(),
  appealsReceived: z.number().int(),
  appealsDecided: z.number().int(),
});
export type TrendDay = z.infer<typeof trendDaySchema>;

/** Seven days of revenue, counted from the range's first day (the last week may be shorter). */
export const trendWeekSchema = z.object({
  start: z.string(),
  end: z.string(),
  noticeRevenue: z.number().int(),
  passRevenue: z.number().int(),
});
export type TrendWeek = z.infer<typeof trendWeekSchema>;

/** A period's totals: sums of the days, and the passes active at its end. */
export const trendTotalsSchema = trendDaySchema.omit({ date: true });
export type TrendTotals = z.infer<typeof trendTotalsSchema>;

export const consoleTrendsSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The period of the same length just before, shown beside it. */
  previousFrom: z.string(),
  previousTo: z.string(),
  days: z.array(trendDaySchema),
  previousDays: z.array(trendDaySchema),
  weeks: z.array(trendWeekSchema),
  previousWeeks: z.array(trendWeekSchema),
  totals: trendTotalsSchema,
  previousTotals: trendTotalsSchema,
});
export type ConsoleTrends = z.infer<typeof consoleTrendsSchema>;

export const getConsoleTrendsContract = defineRoute({
  method: 'GET',
  path: '/dashboard/overview/trends',
  summary:
    'Notices issued and paid, revenue, passes sold and active, appeals received and decided, per day over a range and the period before it',
  tags: ['dashboard'],
  auth: 'operator',
  permission: 'console.read',
  query: consoleTrendsQuerySchema,
  response: consoleTrendsSchema,
  errors: [401, 403, 404],
});
