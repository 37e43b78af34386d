import { consolePassMessages as m } from '../messages/console-passes';
import { PASS_PAID_STATUSES, type PassPaidStatus } from '../rules/pass-values';

/** What each paid status of a pass is called in the console (its list, its badge, the audit log). */
export const PASS_STATUS_LABELS = (): Record<PassPaidStatus, string> => ({
  paid: m.filterPaid,
  waiting: m.filterWaiting,
  incomplete: m.filterIncomplete,
  expired: m.filterExpired,
  rejected: m.filterRejected,
  canceled: m.filterCanceled,
});

export const isPassPaidStatus = (value: unknown): value is PassPaidStatus =>
  (PASS_PAID_STATUSES as readonly unknown[]).includes(value);
