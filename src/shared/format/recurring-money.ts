import { fillMessage } from '../messages/fill';
import { periodMessages } from '../messages/passes';
import { formatMoney } from './money';

/** A billing period as the payment port and the pass products name it. */
export interface RecurringPeriod {
  interval: 'day' | 'week' | 'month' | 'year';
  count: number;
}

/** A product's billing period ('MONTH', ...) as a period of one; null for a one-time product. */
export function periodOfBilling(billingPeriod: string): RecurringPeriod | null {
  const interval = billingPeriod.toLowerCase();
  return interval === 'day' || interval === 'week' || interval === 'month' || interval === 'year'
    ? { interval, count: 1 }
    : null;
}

/** 'month', or '3 months': how often a recurring charge comes, in the current language. */
export function formatPeriod(period: RecurringPeriod): string {
  if (period.count === 1) return periodMessages[period.interval];
  return fillMessage(periodMessages[`${period.interval}s`], { count: period.count });
}

/** What a recurring charge costs and how often: '$75.00 / month'. */
export function formatRecurringMoney(cents: number, period: RecurringPeriod): string {
  return fillMessage(periodMessages.recurringPrice, {
    amount: formatMoney(cents),
    period: formatPeriod(period),
  });
}
