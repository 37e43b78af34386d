import { sql } from 'drizzle-orm';
import {
  type ConsoleTrends,
  TRENDS_DEFAULT_DAYS,
  TRENDS_MAX_DAYS,
  type TrendDay,
  type TrendTotals,
  type TrendWeek,
} from '../../../shared/contract';
import { calendarDayNumberIn, isoDateOfDay } from '../../../shared/format';
import { consoleDeskMessages, fillMessage } from '../../../shared/messages';
import { type Database, queryRows } from '../../db/client';
import type { TenantRow } from '../../db/schema';
import { badRequest } from '../../errors';

const DAY_MS = 86_400_000;
const dayNumberOf = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);

interface DayRow {
  day: string;
  notices_issued: number;
  notices_paid: number;
  notice_revenue: number;
  pass_revenue: number;
  passes_sold: number;
  passes_active: number;
  appeals_received: number;
  appeals_decided: number;
}

/**
 * Every tenant-local day from `first` to `last` with its figures, in one round trip. Each series is
 * one range scan of an index by tenant and time (migration 1131), grouped by the day the instant
 * falls on in the tenant's zone; days run midnight to midnight there, so summer time is right.
 * Revenue is counted as the overview counts it (paid checkouts without fees, subscription
 * invoices). Active passes are counted at each day's end, or now for today.
 */
async function loadDays(options: {
  db: Database;
  tenant: TenantRow;
  first: string;
  last: string;
  now: Date;
}): Promise<TrendDay[]> {
  const { db, tenant, first, last, now } = options;
  const zone = tenant.timezone;
  const t = tenant.id;
  const rows = await queryRows<DayRow>(
    db,
    sql`
    WITH days AS (
      SELECT d::date AS day,
        (d::timestamp AT TIME ZONE ${zone}) AS day_start,
        ((d::date + 1)::timestamp AT TIME ZONE ${zone}) AS day_end
      FROM generate_series(${first}::date, ${last}::date, interval '1 day') AS d
    ),
    bounds AS (
      SELECT (${first}::date::timestamp AT TIME ZONE ${zone}) AS start_at,
        ((${last}::date + 1)::timestamp AT TIME ZONE ${zone}) AS end_at
    ),
    issued AS (
      SELECT (c.created_on AT TIME ZONE ${zone})::date AS day, count(*)::int AS n
      FROM citations c, bounds b
      WHERE c.tenant_id = ${t} AND c.created_on >= b.start_at AND c.created_on < b.end_at
      GROUP BY 1
    ),
    paid AS (
      SELECT (c.date_paid AT TIME ZONE ${zone})::date AS day, count(*)::int AS n
      FROM citations c, bounds b
      WHERE c.tenant_id = ${t} AND c.date_paid >= b.start_at AND c.date_paid < b.end_at
      GROUP BY 1
    ),
    checkouts AS (
      SELECT (p.paid_at AT TIME ZONE ${zone})::date AS day,
        sum(p.amount - p.processing_fee - p.service_fee) FILTER (WHERE p.purpose = 'citation')::int AS notices,
        sum(p.amount - p.processing_fee - p.service_fee) FILTER (WHERE p.purpose = 'pass')::int AS passes
      FROM payment_sessions p, bounds b
      WHERE p.tenant_id = ${t} AND p.status = 'paid' AND p.purpose IN ('citation', 'pass')
        AND p.paid_at >= b.start_at AND p.paid_at < b.end_at
      GROUP BY 1
    ),
    invoices AS (
      SELECT (i.paid_at AT TIME ZONE ${zone})::date AS day, sum(i.amount)::int AS passes
      FROM subscription_invoices i
      JOIN subscriptions s ON s.id = i.subscription_id, bounds b
      WHERE s.tenant_id = ${t} AND i.paid_at >= b.start_at AND i.paid_at < b.end_at
      GROUP BY 1
    ),
    sold AS (
      SELECT (ip.created_at AT TIME ZONE ${zone})::date AS day, count(*)::int AS n
      FROM issued_passes ip, bounds b
      WHERE ip.tenant_id = ${t} AND ip.paid_status = 'paid'
        AND ip.created_at >= b.start_at AND ip.created_at < b.end_at
      GROUP BY 1
    ),
    received AS (
      SELECT (a.submission_date AT TIME ZONE ${zone})::date AS day, count(*)::int AS n
      FROM appeals a, bounds b
      WHERE a.tenant_id = ${t} AND a.unconfirmed_until IS NULL
        AND a.submission_date >= b.start_at AND a.submission_date < b.end_at
      GROUP BY 1
    ),
    decided AS (
      SELECT (a.response_date AT TIME ZONE ${zone})::date AS day, count(*)::int AS n
      FROM appeals a, bounds b
      WHERE a.tenant_id = ${t} AND NOT a.is_pending
        AND a.response_date >= b.start_at AND a.response_date < b.end_at
      GROUP BY 1
    )
    SELECT to_char(d.day, 'YYYY-MM-DD') AS day,
      coalesce(issued.n, 0) AS notices_issued,
      coalesce(paid.n, 0) AS notices_paid,
      coalesce(checkouts.notices, 0) AS notice_revenue,
      coalesce(checkouts.passes, 0) + coalesce(invoices.passes, 0) AS pass_revenue,
      coalesce(sold.n, 0) AS passes_sold,
      CASE WHEN d.day_start > ${now}::timestamptz THEN 0 ELSE (
        SELECT count(*)::int FROM issued_passes ip
        WHERE ip.tenant_id = ${t} AND ip.paid_status = 'paid'
          AND ip.expires_at > least(d.day_end, ${now}::timestamptz)
          AND ip.issued_on <= least(d.day_end, ${now}::timestamptz)
      ) END AS passes_active,
      coalesce(received.n, 0) AS appeals_received,
      coalesce(decided.n, 0) AS appeals_decided
    FROM days d
    LEFT JOIN issued ON issued.day = d.day
    LEFT JOIN paid ON paid.day = d.day
    LEFT JOIN checkouts ON checkouts.day = d.day
    LEFT JOIN invoices ON invoices.day = d.day
    LEFT JOIN sold ON sold.day = d.day
    LEFT JOIN received ON received.day = d.day
    LEFT JOIN decided ON decided.day = d.day
    ORDER BY d.day`,
  );
  return rows.map((row) => ({
    date: row.day,
    noticesIssued: row.notices_issued,
    noticesPaid: row.notices_paid,
    noticeRevenue: row.notice_revenue,
    passRevenue: row.pass_revenue,
    passesSold: row.passes_sold,
    passesActive: row.passes_active,
    appealsReceived: row.appeals_received,
    appealsDecided: row.appeals_decided,
  }));
}

/** Seven-day buckets from the period's first day; the last may be shorter. */
function weeksOf(days: TrendDay[]): TrendWeek[] {
  const weeks: TrendWeek[] = [];
  for (let index = 0; index < days.length; index += 7) {
    const week = days.slice(index, index + 7);
    weeks.push({
      start: week[0]!.date,
      end: week[week.length - 1]!.date,
      noticeRevenue: week.reduce((sum, day) => sum + day.noticeRevenue, 0),
      passRevenue: week.reduce((sum, day) => sum + day.passRevenue, 0),
    });
  }
  return weeks;
}

function totalsOf(days: TrendDay[]): TrendTotals {
  const sum = (key: keyof Omit<TrendDay, 'date' | 'passesActive'>) =>
    days.reduce((total, day) => total + day[key], 0);
  return {
    noticesIssued: sum('noticesIssued'),
    noticesPaid: sum('noticesPaid'),
    noticeRevenue: sum('noticeRevenue'),
    passRevenue: sum('passRevenue'),
    passesSold: sum('passesSold'),
    passesActive: days[days.length - 1]?.passesActive ?? 0,
    appealsReceived: sum('appealsReceived'),
    appealsDecided: sum('appealsDecided'),
  };
}

/**
 * The overview's trends (issue 33): a range of tenant-local days (the last 30 to today by default)
 * and the period of the same length just before it, read in one query over both.
 */
export async function loadConsoleTrends(options: {
  db: Database;
  tenant: TenantRow;
  now: Date;
  from?: string | undefined;
  to?: string | undefined;
}): Promise<ConsoleTrends> {
  const { db, tenant, now } = options;
  const today = calendarDayNumberIn(now, tenant.timezone);
  const last = options.to
    ? dayNumberOf(options.to)
    : Math.max(today, options.from ? dayNumberOf(options.from) : today);
  const first = options.from ? dayNumberOf(options.from) : last - TRENDS_DEFAULT_DAYS + 1;
  const length = last - first + 1;
  // Both bounds given were checked by the contract; a start alone reaches to today.
  if (length > TRENDS_MAX_DAYS) {
    throw badRequest(fillMessage(consoleDeskMessages.trendsRangeTooLong, { max: TRENDS_MAX_DAYS }));
  }
  const previousFirst = first - length;
  const all = await loadDays({
    db,
    tenant,
    first: isoDateOfDay(previousFirst),
    last: isoDateOfDay(last),
    now,
  });
  const previousDays = all.slice(0, length);
  const days = all.slice(length);
  return {
    from: isoDateOfDay(first),
    to: isoDateOfDay(last),
    previousFrom: isoDateOfDay(previousFirst),
    previousTo: isoDateOfDay(first - 1),
    days,
    previousDays,
    weeks: weeksOf(days),
    previousWeeks: weeksOf(previousDays),
    totals: totalsOf(days),
    previousTotals: totalsOf(previousDays),
  };
}
