import { fillMessage } from '../messages/fill';
import { repeatOffenderMessages } from '../messages/repeat-offenders';

/** A tenant's repeat-offender settings (decision 213); null: that test is off. */
export interface RepeatOffenderSettings {
  repeatOffenderNoticeCount: number | null;
  repeatOffenderOverdueDays: number | null;
}

/** What a plate owes: its unpaid notices and how old the oldest is, in tenant-local calendar days. */
export interface UnpaidNoticesOfPlate {
  unpaidNoticeCount: number;
  oldestUnpaidDays: number | null;
}

export const MAX_REPEAT_OFFENDER_NOTICE_COUNT = 1000;
export const MAX_REPEAT_OFFENDER_OVERDUE_DAYS = 3650;

/** Notice statuses that no longer ask anything of the driver: never counted as unpaid. */
export const SETTLED_NOTICE_STATUSES = ['Paid', 'Paid off platform', 'Archived', 'Void'] as const;

export const isRepeatOffenderCheckOn = (settings: RepeatOffenderSettings) =>
  settings.repeatOffenderNoticeCount !== null || settings.repeatOffenderOverdueDays !== null;

/** Which of the tenant's tests a plate meets: by count (at least N unpaid), by age (any over N days). */
export function repeatOffenderTests(settings: RepeatOffenderSettings, plate: UnpaidNoticesOfPlate) {
  const { repeatOffenderNoticeCount: count, repeatOffenderOverdueDays: days } = settings;
  const byCount = count !== null && plate.unpaidNoticeCount >= count;
  const byOverdue = days !== null && plate.oldestUnpaidDays !== null && plate.oldestUnpaidDays > days;
  return { byCount, byOverdue, isRepeatOffender: byCount || byOverdue };
}

/** The plain line the plate check and the console show; null when the plate is not flagged. */
export function repeatOffenderLine(
  settings: RepeatOffenderSettings,
  plate: UnpaidNoticesOfPlate,
): string | null {
  const { byCount, byOverdue } = repeatOffenderTests(settings, plate);
  const values = { count: plate.unpaidNoticeCount, days: plate.oldestUnpaidDays ?? 0 };
  if (byCount && byOverdue) return fillMessage(repeatOffenderMessages.byCountAndOverdue, values);
  if (byCount && plate.unpaidNoticeCount === 1) return repeatOffenderMessages.byCountOne;
  if (byCount) return fillMessage(repeatOffenderMessages.byCount, values);
  if (byOverdue) return fillMessage(repeatOffenderMessages.byOverdue, values);
  return null;
}

/** The tenant's rule in words ("3 or more unpaid notices or a notice unpaid for more than 60 days"). */
export function repeatOffenderRule(settings: RepeatOffenderSettings): string | null {
  const parts: string[] = [];
  if (settings.repeatOffenderNoticeCount !== null) {
    parts.push(
      fillMessage(repeatOffenderMessages.ruleCount, { threshold: settings.repeatOffenderNoticeCount }),
    );
  }
  if (settings.repeatOffenderOverdueDays !== null) {
    parts.push(fillMessage(repeatOffenderMessages.ruleOverdue, { days: settings.repeatOffenderOverdueDays }));
  }
  return parts.length > 0 ? parts.join(repeatOffenderMessages.ruleJoin) : null;
}
