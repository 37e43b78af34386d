import { fillMessage } from '../messages/fill';
import { addPassDuration } from './pass-times';
import type { DurationUnit, QuotaMeasure } from './pass-values';

/**
 * A product's quota (issue 31's guest quota is one of them, decision 223): at most `count`
 * passes, or hours of parking, per `periodLength` `period`s, over a rolling window that ends now.
 * A window of days is counted in calendar days of the tenant's zone, so "14 days" back from
 * 10:00 is 10:00 local fourteen days before, 335 or 337 hours across a change of clocks.
 */
export interface QuotaRule {
  count: number;
  period: DurationUnit;
  periodLength: number;
  measure: QuotaMeasure;
}

/** A pass counted against a quota: when it counts from, and how long it runs. */
export interface CountedPass {
  at: Date;
  hours: number;
}

export interface QuotaStanding {
  measure: QuotaMeasure;
  limit: number;
  used: number;
  /** What may still be taken now: never below 0; hours to two decimals, rounded down. */
  remaining: number;
  /**
   * When the oldest counted pass leaves the window, so more becomes available: what is left is
   * what is left "until" then. Null when nothing is counted (the whole quota is left).
   */
  until: Date | null;
}

/** The fixture's and the console's shorthand: 72 hours per 14 days, or 3 passes per 7 days. */
export type GuestQuota = { maxHours: number; perDays: number } | { maxPasses: number; perDays: number };

export function ruleOfGuestQuota(quota: GuestQuota): QuotaRule {
  return 'maxHours' in quota
    ? { count: quota.maxHours, period: 'DAY', periodLength: quota.perDays, measure: 'hours' }
    : { count: quota.maxPasses, period: 'DAY', periodLength: quota.perDays, measure: 'passes' };
}

/** The start of the rolling window that ends at `now`; passes that start after it count. */
export function quotaWindowStart(rule: QuotaRule, now: Date, timeZone: string): Date {
  return addPassDuration(now, -rule.periodLength, rule.period, timeZone);
}

/** The hours between two instants: a day pass across a change of clocks runs 23 or 25. */
export function hoursBetween(start: Date, end: Date): number {
  return (end.getTime() - start.getTime()) / 3_600_000;
}

/**
 * Where a subject stands: `counted` are its passes inside the window (any order). The until is
 * the oldest pass's start plus the window's length, in the tenant's zone.
 */
export function quotaStanding(rule: QuotaRule, counted: CountedPass[], timeZone: string): QuotaStanding {
  const used = rule.measure === 'hours' ? counted.reduce((sum, pass) => sum + pass.hours, 0) : counted.length;
  const oldest = counted.reduce<Date | null>(
    (earliest, pass) => (earliest === null || pass.at < earliest ? pass.at : earliest),
    null,
  );
  const left = Math.max(0, rule.count - used);
  return {
    measure: rule.measure,
    limit: rule.count,
    used,
    remaining: rule.measure === 'hours' ? Math.floor(left * 100 + 1e-9) / 100 : left,
    until: oldest ? addPassDuration(oldest, rule.periodLength, rule.period, timeZone) : null,
  };
}

/**
 * Whether a new pass fits: `addingHours` for an hours quota (a pass counts 1 otherwise). A pass
 * of 0 hours (the courtesy check before times are chosen) fits while anything is left.
 */
export function fitsQuota(standing: QuotaStanding, addingHours: number): boolean {
  const adding = standing.measure === 'hours' ? addingHours : 1;
  if (adding <= 0) return standing.used < standing.limit;
  return standing.used + adding <= standing.limit + 1e-9;
}

/**
 * A quota sentence filled in: a date that ends on an abbreviation's period ("jusqu’au 3 déc.",
 * "hasta el 3 dic.") ends the sentence too, so it is not written twice.
 */
export function quotaSentence(template: string, values: Record<string, string | number>): string {
  return fillMessage(template, values).replace(/\.\.$/, '.');
}
