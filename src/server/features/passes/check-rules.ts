import { and, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { formatDate, formatNaturalDate } from '../../../shared/format/dates';
import { fillMessage } from '../../../shared/messages/fill';
import { guestQuotaMessages } from '../../../shared/messages/guest-quotas';
import { formatPassMessage, passMessages } from '../../../shared/messages/passes';
import {
  fitsQuota,
  hoursBetween,
  type QuotaRule,
  type QuotaStanding,
  quotaSentence,
  quotaStanding,
  quotaWindowStart,
} from '../../../shared/rules/guest-quota';
import { findClosedRule } from '../../../shared/rules/pass-sales-rules';
import type { QuotaSubject } from '../../../shared/rules/pass-values';
import { canonicalPlate } from '../../../shared/rules/plates';
import type { Database, Transaction } from '../../db/client';
import {
  customers,
  type IssuedPassRow,
  issuedPasses,
  type PassProductRulesRow,
  passQuotaOverrides,
  passVehicles,
} from '../../db/schema';
import { AppError } from '../../errors';

/**
 * Who a quota counts: the signed-in (or verified) account, a guest's email, and the plate. A
 * business account issuing its passes counts as one household (`businessAccountId`, decision 223).
 */
export interface QuotaSubjects {
  customerId: string | null;
  email: string | null;
  plate: string | null;
  businessAccountId?: string | null;
}

/** Whom a pass counts against: its holder's account or email, and its primary vehicle's plate. */
export async function quotaSubjectsOfPass(
  tx: Transaction,
  pass: Pick<IssuedPassRow, 'id' | 'tenantId' | 'customerId' | 'customerEmail'>,
): Promise<QuotaSubjects> {
  const [primary] = await tx
    .select({ plate: passVehicles.plate })
    .from(passVehicles)
    .where(
      and(
        eq(passVehicles.tenantId, pass.tenantId),
        eq(passVehicles.passId, pass.id),
        eq(passVehicles.isPrimary, true),
      ),
    );
  return { customerId: pass.customerId, email: pass.customerEmail, plate: primary?.plate ?? null };
}

const closed = (message: string) => new AppError(409, 'rule_closed', message);
const quotaReached = (message: string) => new AppError(400, 'quota_reached', message);

const CLOSED_MESSAGES = () =>
  ({
    salesStart: passMessages.ruleNotOnSaleYet,
    weekday: passMessages.ruleWeekday,
    hours: passMessages.ruleHours,
    blackout: passMessages.ruleBlackout,
  }) as const;

const PERIOD_WORDS = { MINUTE: 'minute', HOUR: 'hour', DAY: 'day', MONTH: 'month', YEAR: 'year' } as const;

function describePeriod(rule: QuotaRule): string {
  const word = PERIOD_WORDS[rule.period];
  return rule.periodLength === 1 ? word : `${rule.periodLength} ${word}s`;
}

/** A pass counts against a quota unless it was refused, cancelled or never paid in time. */
function countsForQuota(now: Date) {
  return or(
    inArray(issuedPasses.paidStatus, ['paid', 'waiting']),
    and(eq(issuedPasses.paidStatus, 'incomplete'), gt(issuedPasses.reservedUntil, now)),
  )!;
}

/** The product's quota as a rule, or null when it has none. */
export function quotaRuleOf(rules: PassProductRulesRow | null): (QuotaRule & { per: QuotaSubject }) | null {
  if (!rules?.quotaCount || !rules.quotaPeriod || !rules.quotaPer) return null;
  return {
    count: rules.quotaCount,
    period: rules.quotaPeriod,
    periodLength: rules.quotaPeriodLength ?? 1,
    measure: rules.quotaMeasure ?? 'passes',
    per: rules.quotaPer,
  };
}

/**
 * The passes of a customer's household (decision 249): theirs, and those of every account of the
 * tenant with the same household key (building and unit). Without a unit, theirs alone.
 */
function ofHousehold(tenantId: string, customerId: string) {
  const household = sql`(select ${customers.householdKey} from ${customers} where ${customers.tenantId} = ${tenantId} and ${customers.id} = ${customerId})`;
  return or(
    eq(issuedPasses.customerId, customerId),
    sql`${issuedPasses.customerId} in (select ${customers.id} from ${customers} where ${customers.tenantId} = ${tenantId} and ${customers.householdKey} = ${household})`,
  );
}

interface QuotaQuery {
  tenantId: string;
  productId: string;
  rules: PassProductRulesRow | null;
  subjects: QuotaSubjects;
  /** A pass whose times change: counted at its new length (addingHours), not as it was. */
  excludePassId?: string;
  now: Date;
  timeZone: string;
}

/**
 * Where the subject stands against the product's quota: its passes of the product that start (an
 * hours quota) or were bought (a passes quota) inside the rolling window ending now. Null when the
 * product has no quota or the subject is unknown (a per-plate quota before the plate is given).
 */
export async function readQuotaStanding(
  db: Database | Transaction,
  options: QuotaQuery,
): Promise<{ rule: QuotaRule; standing: QuotaStanding } | null> {
  const { subjects, now, timeZone } = options;
  const rule = quotaRuleOf(options.rules);
  if (!rule) return null;
  const windowStart = quotaWindowStart(rule, now, timeZone);
  const byPlate = rule.per === 'plate';
  if (byPlate && !subjects.plate) return null;
  if (!byPlate && !subjects.businessAccountId && !subjects.customerId && !subjects.email) return null;
  const subject = byPlate
    ? sql`exists (select 1 from ${passVehicles} where ${passVehicles.tenantId} = ${issuedPasses.tenantId} and ${passVehicles.passId} = ${issuedPasses.id} and ${passVehicles.isPrimary} and ${passVehicles.plateNormalized} = ${canonicalPlate(subjects.plate!)})`
    : subjects.businessAccountId
      ? eq(issuedPasses.businessAccountId, subjects.businessAccountId)
      : subjects.customerId
        ? rule.per === 'unit'
          ? ofHousehold(options.tenantId, subjects.customerId)
          : eq(issuedPasses.customerId, subjects.customerId)
        : sql`lower(${issuedPasses.customerEmail}) = ${subjects.email!.toLowerCase()}`;
  const since = rule.measure === 'hours' ? issuedPasses.issuedOn : issuedPasses.createdAt;
  const counted = await db
    .select({ at: since, start: issuedPasses.issuedOn, end: issuedPasses.expiresAt })
    .from(issuedPasses)
    .where(
      and(
        eq(issuedPasses.tenantId, options.tenantId),
        eq(issuedPasses.productId, options.productId),
        gt(since, windowStart),
        countsForQuota(now),
        subject,
        options.excludePassId ? ne(issuedPasses.id, options.excludePassId) : undefined,
      ),
    );
  const passes = counted.map((row) => ({
    at: new Date(row.at),
    hours: hoursBetween(new Date(row.start), new Date(row.end)),
  }));
  return { rule, standing: quotaStanding(rule, passes, timeZone) };
}

const roundHours = (hours: number) => String(Math.round(hours * 100) / 100);

/** The 400's text: what is left and until when ("Dec 3", as the checkout says it), in the tenant's zone. */
function reachedMessage(
  rule: QuotaRule,
  standing: QuotaStanding,
  addingHours: number,
  timeZone: string,
  now: Date,
) {
  const date = standing.until ? formatNaturalDate(standing.until, timeZone, now) : '';
  if (rule.period !== 'DAY') {
    return fillMessage(guestQuotaMessages.reachedPeriod, {
      limit: rule.count,
      measure: rule.measure === 'hours' ? 'hours' : rule.count === 1 ? 'pass' : 'passes',
      period: describePeriod(rule),
      date: standing.until ? formatDate(standing.until, timeZone, 'dateTime') : 'later',
    });
  }
  if (rule.measure === 'hours' && standing.remaining > 0) {
    return quotaSentence(guestQuotaMessages.reachedHours, {
      hours: roundHours(addingHours),
      remaining: roundHours(standing.remaining),
      date,
      limit: rule.count,
      days: rule.periodLength,
    });
  }
  if (rule.measure === 'hours') {
    return quotaSentence(guestQuotaMessages.reachedHoursNone, {
      limit: rule.count,
      days: rule.periodLength,
      date,
    });
  }
  return quotaSentence(guestQuotaMessages.reachedPasses, {
    limit: rule.count,
    days: rule.periodLength,
    date,
  });
}

/**
 * The quota: `addingHours` is the pass being issued (0 for the courtesy check). Past the cap, an
 * operator's unused override for the account (decision 223) lets this one pass through: its id is
 * answered, for the issue to mark it used; without one, a 400 'quota_reached' says what is left.
 */
export async function checkQuota(
  db: Database | Transaction,
  options: QuotaQuery & { addingHours: number; useOverride?: boolean },
): Promise<{ overrideId: string | null }> {
  const found = await readQuotaStanding(db, options);
  if (!found || fitsQuota(found.standing, options.addingHours)) return { overrideId: null };
  const { customerId } = options.subjects;
  if (options.useOverride && customerId) {
    const [override] = await db
      .select({ id: passQuotaOverrides.id })
      .from(passQuotaOverrides)
      .where(
        and(
          eq(passQuotaOverrides.tenantId, options.tenantId),
          eq(passQuotaOverrides.productId, options.productId),
          eq(passQuotaOverrides.customerId, customerId),
          isNull(passQuotaOverrides.usedAt),
        ),
      );
    if (override) return { overrideId: override.id };
  }
  throw quotaReached(
    reachedMessage(found.rule, found.standing, options.addingHours, options.timeZone, options.now),
  );
}

/** Marks an override used by the pass it let through; of two issues at once, one finds it used. */
export async function takeQuotaOverride(
  tx: Transaction,
  options: { tenantId: string; overrideId: string; passId: string; now: Date; timeZone: string },
): Promise<void> {
  const used = await tx
    .update(passQuotaOverrides)
    .set({ usedAt: options.now, usedByPassId: options.passId })
    .where(
      and(
        eq(passQuotaOverrides.tenantId, options.tenantId),
        eq(passQuotaOverrides.id, options.overrideId),
        isNull(passQuotaOverrides.usedAt),
      ),
    )
    .returning({ id: passQuotaOverrides.id });
  if (used.length === 0) throw quotaReached(guestQuotaMessages.overrideExists);
}

/**
 * A product's rules at `now`, decided in the tenant's time zone: the sales window, weekdays,
 * hours and blackout dates, then the quota. Run by the courtesy check and again, under the
 * product's lock, in the transaction that issues the pass.
 */
export async function checkProductRules(
  db: Database | Transaction,
  options: {
    tenantId: string;
    productId: string;
    rules: PassProductRulesRow | null;
    subjects: QuotaSubjects;
    addingHours: number;
    now: Date;
    timeZone: string;
    /** The issue itself: an operator's override may let one pass past the quota. */
    useOverride?: boolean;
  },
): Promise<{ overrideId: string | null }> {
  const { rules, now, timeZone } = options;
  if (!rules) return { overrideId: null };
  const closedRule = findClosedRule(
    {
      salesStart: rules.salesStart,
      salesEnd: rules.salesEnd,
      weekdays: rules.weekdays,
      hoursFrom: rules.hoursFrom,
      hoursTo: rules.hoursTo,
      blackoutDates: rules.blackoutDates,
    },
    now,
    timeZone,
  );
  if (closedRule) {
    if (closedRule.rule === 'salesEnd' || !closedRule.opensAt) throw closed(passMessages.ruleSalesEnded);
    throw closed(
      formatPassMessage(CLOSED_MESSAGES()[closedRule.rule], {
        opens: formatDate(closedRule.opensAt, timeZone, 'dateTime'),
      }),
    );
  }
  return checkQuota(db, { ...options, rules });
}

/**
 * A holder lengthening a pass: an hours-measured quota counts it at its new length beside the
 * subject's other passes (400 'quota_reached' as at issue). Shortening never fails, and a quota of
 * passes does not change with a pass's times. Run under the product's lock, like an issue.
 */
export async function checkQuotaForNewTimes(
  tx: Transaction,
  options: {
    tenantId: string;
    productId: string;
    rules: PassProductRulesRow | null;
    subjects: QuotaSubjects;
    passId: string;
    hours: number;
    previousHours: number;
    now: Date;
    timeZone: string;
  },
): Promise<void> {
  const { rules } = options;
  if (rules?.quotaMeasure !== 'hours' || options.hours <= options.previousHours) return;
  await checkQuota(tx, { ...options, rules, addingHours: options.hours, excludePassId: options.passId });
}
