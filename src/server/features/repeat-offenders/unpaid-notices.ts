import { and, eq, isNull, notInArray, type SQL } from 'drizzle-orm';
import { calendarDayNumberIn, isoDateOfDay } from '../../../shared/format/dates';
import { startOfLocalDay } from '../../../shared/format/zoned-time';
import {
  computeAmountDue,
  type RepeatOffenderSettings,
  repeatOffenderLine,
  repeatOffenderTests,
  SETTLED_NOTICE_STATUSES,
} from '../../../shared/rules';
import { citations, type TenantRow } from '../../db/schema';

/**
 * A notice is unpaid while it is neither paid, void nor archived: the plate check's open notices,
 * and what citations_tenant_unpaid_plate_idx covers (migration 1160).
 */
export function unpaidNoticeConditions(tenantId: string): SQL {
  return and(
    eq(citations.tenantId, tenantId),
    isNull(citations.datePaid),
    isNull(citations.voidDate),
    notInArray(citations.paymentStatus, [...SETTLED_NOTICE_STATUSES]),
  ) as SQL;
}

/** The fields a notice's amount today is computed from (late tiers reached, the override final). */
export const amountColumns = {
  plate: citations.plate,
  amount: citations.amount,
  amountOverride: citations.amountOverride,
  createdOn: citations.createdOn,
  lateAmount1: citations.lateAmount1,
  lateDays1: citations.lateDays1,
  lateAmount2: citations.lateAmount2,
  lateDays2: citations.lateDays2,
};
export interface UnpaidNoticeAmounts {
  plate: string;
  amount: number;
  amountOverride: number | null;
  createdOn: Date;
  lateAmount1: number | null;
  lateDays1: number | null;
  lateAmount2: number | null;
  lateDays2: number | null;
}

export const settingsOf = (tenant: TenantRow): RepeatOffenderSettings => ({
  repeatOffenderNoticeCount: tenant.repeatOffenderNoticeCount,
  repeatOffenderOverdueDays: tenant.repeatOffenderOverdueDays,
});

/**
 * The first instant of the tenant-local day before which an unpaid notice is older than the
 * tenant's overdue days: a notice issued on day d is `today - d` calendar days old, the way late
 * penalties count (src/shared/rules/late-penalties.ts).
 */
export function overdueCutoff(tenant: TenantRow, now: Date): Date | null {
  const days = tenant.repeatOffenderOverdueDays;
  if (days === null) return null;
  const day = isoDateOfDay(calendarDayNumberIn(now, tenant.timezone) - days);
  return startOfLocalDay(day, tenant.timezone);
}

/** A plate's standing from its unpaid notices: count, what they ask today, the oldest, the flag. */
export function standingOf(tenant: TenantRow, notices: UnpaidNoticeAmounts[], now: Date) {
  let unpaidTotal = 0;
  let oldest: Date | null = null;
  for (const notice of notices) {
    unpaidTotal += computeAmountDue(
      {
        ...notice,
        createdOn: notice.createdOn.toISOString(),
      },
      now,
      tenant.timezone,
    ).amountDue;
    if (oldest === null || notice.createdOn < oldest) oldest = notice.createdOn;
  }
  const unpaid = {
    unpaidNoticeCount: notices.length,
    oldestUnpaidDays:
      oldest === null
        ? null
        : calendarDayNumberIn(now, tenant.timezone) - calendarDayNumberIn(oldest, tenant.timezone),
  };
  const settings = settingsOf(tenant);
  return {
    isRepeatOffender: repeatOffenderTests(settings, unpaid).isRepeatOffender,
    repeatOffenderMessage: repeatOffenderLine(settings, unpaid),
    unpaidNoticeCount: unpaid.unpaidNoticeCount,
    unpaidTotal,
    oldestUnpaidOn: oldest?.toISOString() ?? null,
    oldestUnpaidDays: unpaid.oldestUnpaidDays,
  };
}
