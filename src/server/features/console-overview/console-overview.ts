import { sql } from 'drizzle-orm';
import type { ConsoleOverview } from '../../../shared/contract';
import { type Database, queryRows } from '../../db/client';
import type { TenantRow } from '../../db/schema';

interface OverviewRow {
  today: string;
  month: string;
  notices_issued_today: number;
  notices_paid_today: number;
  notice_revenue: number;
  pass_payment_revenue: number;
  subscription_revenue: number;
  passes_active: number;
  waiting_approvals: number;
  pending_appeals: number;
}

/**
 * The overview's figures in one round trip. "Today" and "this month" are the tenant's calendar
 * day and month (its time zone), turned into instants by PostgreSQL so summer time is right.
 * Revenue is what the notices and passes cost, without the card and platform fees: checkouts of
 * notices and one-time passes that are paid (refunded ones are not), and every paid invoice of a
 * pass subscription (its first period included: the subscription's checkout is not counted twice).
 */
export async function loadConsoleOverview(
  db: Database,
  tenant: TenantRow,
  now: Date,
): Promise<ConsoleOverview> {
  const [row] = await queryRows<OverviewRow>(
    db,
    sql`
    WITH bounds AS (
      SELECT
        (date_trunc('day', ${now}::timestamptz AT TIME ZONE ${tenant.timezone}) AT TIME ZONE ${tenant.timezone}) AS day_start,
        ((date_trunc('day', ${now}::timestamptz AT TIME ZONE ${tenant.timezone}) + interval '1 day') AT TIME ZONE ${tenant.timezone}) AS day_end,
        (date_trunc('month', ${now}::timestamptz AT TIME ZONE ${tenant.timezone}) AT TIME ZONE ${tenant.timezone}) AS month_start,
        ((date_trunc('month', ${now}::timestamptz AT TIME ZONE ${tenant.timezone}) + interval '1 month') AT TIME ZONE ${tenant.timezone}) AS month_end,
        to_char(${now}::timestamptz AT TIME ZONE ${tenant.timezone}, 'YYYY-MM-DD') AS today,
        to_char(${now}::timestamptz AT TIME ZONE ${tenant.timezone}, 'YYYY-MM') AS month
    )
    SELECT
      bounds.today,
      bounds.month,
      (SELECT count(*)::int FROM citations c
        WHERE c.tenant_id = ${tenant.id} AND c.created_on >= bounds.day_start AND c.created_on < bounds.day_end) AS notices_issued_today,
      (SELECT count(*)::int FROM citations c
        WHERE c.tenant_id = ${tenant.id} AND c.date_paid >= bounds.day_start AND c.date_paid < bounds.day_end) AS notices_paid_today,
      (SELECT coalesce(sum(p.amount - p.processing_fee - p.service_fee), 0)::int FROM payment_sessions p
        WHERE p.tenant_id = ${tenant.id} AND p.status = 'paid' AND p.purpose = 'citation'
          AND p.paid_at >= bounds.month_start AND p.paid_at < bounds.month_end) AS notice_revenue,
      (SELECT coalesce(sum(p.amount - p.processing_fee - p.service_fee), 0)::int FROM payment_sessions p
        WHERE p.tenant_id = ${tenant.id} AND p.status = 'paid' AND p.purpose = 'pass'
          AND p.paid_at >= bounds.month_start AND p.paid_at < bounds.month_end) AS pass_payment_revenue,
      (SELECT coalesce(sum(i.amount), 0)::int FROM subscription_invoices i
        JOIN subscriptions s ON s.id = i.subscription_id
        WHERE s.tenant_id = ${tenant.id} AND i.paid_at >= bounds.month_start AND i.paid_at < bounds.month_end) AS subscription_revenue,
      (SELECT count(*)::int FROM issued_passes ip
        WHERE ip.tenant_id = ${tenant.id} AND ip.paid_status = 'paid'
          AND ip.issued_on <= ${now}::timestamptz AND ip.expires_at > ${now}::timestamptz) AS passes_active,
      (SELECT count(*)::int FROM issued_passes ip
        WHERE ip.tenant_id = ${tenant.id} AND ip.paid_status = 'waiting') AS waiting_approvals,
      (SELECT count(*)::int FROM appeals a
        WHERE a.tenant_id = ${tenant.id} AND a.is_pending) AS pending_appeals
    FROM bounds`,
  );
  if (!row) throw new Error('The overview query returned no row.');
  const passes = row.pass_payment_revenue + row.subscription_revenue;
  return {
    today: row.today,
    month: row.month,
    noticesIssuedToday: row.notices_issued_today,
    noticesPaidToday: row.notices_paid_today,
    revenueThisMonth: { notices: row.notice_revenue, passes, total: row.notice_revenue + passes },
    passesActive: row.passes_active,
    waitingApprovals: row.waiting_approvals,
    pendingAppeals: row.pending_appeals,
  };
}
