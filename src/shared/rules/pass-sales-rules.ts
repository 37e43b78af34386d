import { fromLocalWallTime, toLocalWallTime } from '../format/zoned-time';

/** The time rules of a product (docs/decisions/090); null: no such rule. */
export interface SalesRules {
  salesStart: Date | null;
  salesEnd: Date | null;
  /** 1-7, Monday first. */
  weekdays: number[] | null;
  /** Local 'HH:mm'; hoursTo may be '24:00'. */
  hoursFrom: string | null;
  hoursTo: string | null;
  /** Local 'YYYY-MM-DD'. */
  blackoutDates: string[];
}

export type ClosedRule = 'salesStart' | 'salesEnd' | 'weekday' | 'hours' | 'blackout';

/** How far ahead "opens again" is looked for; beyond it the answer has no date. */
const SEARCH_DAYS = 400;

function weekdayOf(localDate: string): number {
  // 1-7, Monday first, of a calendar date (no zone involved).
  const day = new Date(`${localDate}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

function nextLocalDate(localDate: string): string {
  const next = new Date(`${localDate}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

function isDayOpen(rules: SalesRules, localDate: string): boolean {
  if (rules.blackoutDates.includes(localDate)) return false;
  return !rules.weekdays || rules.weekdays.includes(weekdayOf(localDate));
}

function isInHours(rules: SalesRules, localTime: string): boolean {
  const from = rules.hoursFrom ?? '00:00';
  const to = rules.hoursTo ?? '24:00';
  return localTime >= from && localTime < to;
}

/**
 * The first instant at or after `from` when every time rule lets the pass be bought, in the
 * tenant's zone; null when there is none within about a year (or the sale has ended).
 */
export function findNextOpening(rules: SalesRules, from: Date, timeZone: string): Date | null {
  let candidate = rules.salesStart && rules.salesStart > from ? rules.salesStart : from;
  let localDate = toLocalWallTime(candidate, timeZone).slice(0, 10);
  for (let day = 0; day < SEARCH_DAYS; day += 1) {
    if (rules.salesEnd && candidate >= rules.salesEnd) return null;
    if (isDayOpen(rules, localDate)) {
      const localTime = toLocalWallTime(candidate, timeZone).slice(11, 16);
      if (isInHours(rules, localTime)) return candidate;
      if (localTime < (rules.hoursFrom ?? '00:00')) {
        const opening = fromLocalWallTime(`${localDate}T${rules.hoursFrom}:00.000`, timeZone);
        if (!rules.salesEnd || opening < rules.salesEnd) return opening;
        return null;
      }
    }
    localDate = nextLocalDate(localDate);
    candidate = fromLocalWallTime(`${localDate}T00:00:00.000`, timeZone);
  }
  return null;
}

/**
 * Which time rule stops a sale at `now` (the first one failing, in a fixed order) and when the
 * pass can be bought again; null when it can be bought now.
 */
export function findClosedRule(
  rules: SalesRules,
  now: Date,
  timeZone: string,
): { rule: ClosedRule; opensAt: Date | null } | null {
  const local = toLocalWallTime(now, timeZone);
  const localDate = local.slice(0, 10);
  let rule: ClosedRule | null = null;
  if (rules.salesEnd && now >= rules.salesEnd) return { rule: 'salesEnd', opensAt: null };
  if (rules.salesStart && now < rules.salesStart) rule = 'salesStart';
  else if (rules.blackoutDates.includes(localDate)) rule = 'blackout';
  else if (rules.weekdays && !rules.weekdays.includes(weekdayOf(localDate))) rule = 'weekday';
  else if (!isInHours(rules, local.slice(11, 16))) rule = 'hours';
  if (!rule) return null;
  return { rule, opensAt: findNextOpening(rules, now, timeZone) };
}
