import { calendarDateAfter } from '../format/dates';

/** A plan has 2 to 6 monthly instalments (issue 31); a tenant may allow fewer. */
export const MIN_PLAN_INSTALMENTS = 2;
export const MAX_PLAN_INSTALMENTS = 6;
/** The largest plan fee a tenant may set, in cents. */
export const MAX_PLAN_FEE = 100_000;
export const MAX_PLAN_GRACE_DAYS = 90;
/** A failed instalment is charged again this many days later, while the grace period lasts. */
export const PLAN_RETRY_DAYS = 3;

/** The plan settings of a tenant, as the notice page reads them. */
export interface PaymentPlanTerms {
  paymentPlanThreshold: number | null;
  paymentPlanMaxInstalments: number;
  paymentPlanFee: number;
}

/** One line of a plan's schedule: the tenant-local date ('YYYY-MM-DD') and the cents due then. */
export interface PlanScheduleLine {
  sequence: number;
  dueOn: string;
  amount: number;
}

/** Whether a notice that owes `amountDue` today may be paid in instalments under these terms. */
export function isPlanOffered(terms: PaymentPlanTerms, amountDue: number): boolean {
  return terms.paymentPlanThreshold !== null && amountDue > 0 && amountDue >= terms.paymentPlanThreshold;
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The date `months` calendar months after a 'YYYY-MM-DD' date, on the same day of the month, or
 * the month's last day when it is shorter (Jan 31 → Feb 28 or 29 → Mar 31).
 */
export function addCalendarMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const nextYear = Math.floor(index / 12);
  const nextMonth = (index % 12) + 1;
  return `${String(nextYear).padStart(4, '0')}-${pad(nextMonth)}-${pad(Math.min(day, daysInMonth(nextYear, nextMonth)))}`;
}

/**
 * A plan's schedule: the notice's amount plus the plan fee split into `count` equal instalments,
 * the cents that do not divide going on the first, so the lines add up exactly to the total. The
 * first is due on `start`'s date in the tenant's zone (paid at checkout), each next one the same
 * day of the following months (the month's last day when shorter).
 */
export function planSchedule(options: {
  noticeAmount: number;
  fee: number;
  count: number;
  start: Date;
  timeZone: string;
}): PlanScheduleLine[] {
  const total = options.noticeAmount + options.fee;
  const base = Math.floor(total / options.count);
  const remainder = total - base * options.count;
  const firstDay = calendarDateAfter(options.start, options.timeZone, 0);
  return Array.from({ length: options.count }, (_, index) => ({
    sequence: index + 1,
    dueOn: addCalendarMonths(firstDay, index),
    amount: index === 0 ? base + remainder : base,
  }));
}

/**
 * The part of an instalment that is the plan fee: the fee is the first money a plan takes
 * (decision 222), so it sits on the first instalments until it is covered; `paidBefore` is what
 * the instalments before this one came to. Receipts show it, and the shares add up to the fee.
 */
export function planFeeShare(options: { fee: number; paidBefore: number; amount: number }): number {
  return Math.min(options.amount, Math.max(0, options.fee - options.paidBefore));
}
