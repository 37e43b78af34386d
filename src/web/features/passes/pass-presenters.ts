import type { PermitProduct } from '../../../shared/contract';
import {
  formatClockTime,
  formatDate,
  formatMoney,
  formatNumber,
  formatRecurringMoney,
  periodOfBilling,
} from '../../../shared/format';
import { formatPassMessage, passDashboardMessages, passScreenMessages } from '../../../shared/messages';
import { paths } from '../../app/page-paths';

type DurationKey = keyof typeof passScreenMessages & `duration${string}`;

/** Each unit's messages for one and for many (the English catalogue has no ICU plurals here). */
const UNIT_MESSAGES: Record<PermitProduct['permitDurationUnit'], [DurationKey, DurationKey]> = {
  MINUTE: ['durationMinute', 'durationMinutes'],
  HOUR: ['durationHour', 'durationHours'],
  DAY: ['durationDay', 'durationDays'],
  MONTH: ['durationMonth', 'durationMonths'],
  YEAR: ['durationYear', 'durationYears'],
};

/** '1 day', '3 months', '3 mois', '1 día': in the page's language. */
export function formatDuration(count: number, unit: PermitProduct['permitDurationUnit']): string {
  const [one, many] = UNIT_MESSAGES[unit];
  return formatPassMessage(passScreenMessages[count === 1 ? one : many], { count: formatNumber(count) });
}

/** 'Free', '$12.00', or '$45.00 / month' for a recurring product. */
export function formatProductPrice(product: Pick<PermitProduct, 'amount' | 'billingType' | 'billingPeriod'>) {
  if (product.amount === 0) return passScreenMessages.free;
  const period = product.billingType === 'ONE TIME' ? null : periodOfBilling(product.billingPeriod);
  return period ? formatRecurringMoney(product.amount, period) : formatMoney(product.amount);
}

/** Where a pass that cannot be shown goes: the invalid-pass page, which says when it was rejected. */
export function invalidPassPath(paidStatus: string): string {
  return paidStatus === 'rejected' ? paths.passes.invalid({ reason: 'rejected' }) : paths.passes.invalid();
}

/** A local 'HH:mm' as the page's language reads it: '18:00' is '6:00 PM', '18 h 00', '6:00 p.m.'. */
export function formatTimeOfDay(localTime: string): string {
  const [hours = 0, minutes = 0] = localTime.split(':').map(Number);
  return formatClockTime(hours, minutes);
}

/** A daily window as the receipt and the pass detail show it: '6:00 PM to 8:00 AM'. */
export function describeDailyWindow(window: { from: string; to: string }): string {
  return formatPassMessage(passDashboardMessages.dailyWindowValue, {
    from: formatTimeOfDay(window.from),
    to: formatTimeOfDay(window.to),
  });
}

/** How long a product runs: its preset window (type 2), its daily window, or its duration. */
export function describeProductTime(product: PermitProduct, timeZone: string): string {
  if (product.timeSelectionType === 1 && product.dailyWindow) {
    return formatPassMessage(passScreenMessages.validDailyWindow, {
      from: formatTimeOfDay(product.dailyWindow.from),
      to: formatTimeOfDay(product.dailyWindow.to),
    });
  }
  if (product.timeSelectionType === 2 && product.chosenDate && product.chosenEndDate) {
    return formatPassMessage(passScreenMessages.validBetween, {
      start: formatDate(product.chosenDate, timeZone, 'dateTime'),
      end: formatDate(product.chosenEndDate, timeZone, 'dateTime'),
    });
  }
  return formatPassMessage(passScreenMessages.validFor, {
    duration: formatDuration(product.permitDuration, product.permitDurationUnit),
  });
}
