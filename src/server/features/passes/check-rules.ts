import { and, asc, eq, gt, inArray, ne, or, sql } from 'drizzle-orm';
import { formatDate } from '../../../shared/format/dates';
import { formatPassMessage, passMessages } from '../../../shared/messages/passes';
import { findClosedRule } from '../../../shared/rules/pass-sales-rules';
import { addPassDuration } from '../../../shared/rules/pass-times';
import { canonicalPlate } from '../../../shared/rules/plates';
import type { Database, Transaction } from '../../db/client';
import { issuedPasses, type PassProductRulesRow, passVehicles } from '../../db/schema';
import { AppError } from '../../errors';

/** Who a quota counts: the signed-in (or verified) account, a guest's email, and the plate. */
export interface QuotaSubjects {
  customerId: string | null;
  email: string | null;
  plate: string | null;
}

const closed = (message: string) => new AppError(409, 'rule_closed', message);

const CLOSED_MESSAGES = {
  salesStart: passMessages.ruleNotOnSaleYet,
  weekday: passMessages.ruleWeekday,
  hours: passMessages.ruleHours,
  blackout: passMessages.ruleBlackout,
} as const;

const PERIOD_WORDS = { MINUTE: 'minute', HOUR: 'hour', DAY: 'day', MONTH: 'month', YEAR: 'year' } as const;

function describePeriod(rules: PassProductRulesRow): string {
  const length = rules.quotaPeriodLength ?? 1;
  const word = PERIOD_WORDS[rules.quotaPeriod!];
  return length === 1 ? word : `${length} ${word}s`;
}

/** A pass counts against a quota unless it was refused, cancelled or never paid in time. */
function countsForQuota(now: Date) {
  return or(
    inArray(issuedPasses.paidStatus, ['paid', 'waiting']),
    and(eq(issuedPasses.paidStatus, 'incomplete'), gt(issuedPasses.reservedUntil, now)),
  )!;
}

/**
 * The quota: `quotaCount` passes (or hours of parking) per `quotaPeriodLength` `quotaPeriod`s,
 * per customer or per plate, over the period that ends now. `addingHours` is the pass being
 * issued (0 for the courtesy check). Throws 'rule_closed' naming when the oldest counted pass
 * leaves the period.
 */
async function checkQuota(
  db: Database | Transaction,
  options: {
    tenantId: string;
    productId: string;
    rules: PassProductRulesRow;
    subjects: QuotaSubjects;
    addingHours: number;
    /** A pass whose times change: counted at its new length (addingHours), not as it was. */
    excludePassId?: string;
    now: Date;
    timeZone: string;
  },
): Promise<void> {
  const { rules, subjects, now, timeZone } = options;
  if (!rules.quotaCount || !rules.quotaPeriod || !rules.quotaPer) return;
  const length = rules.quotaPeriodLength ?? 1;
  const windowStart = addPassDuration(now, -length, rules.quotaPeriod, timeZone);
  const byPlate = rules.quotaPer === 'plate';
  if (byPlate && !subjects.plate) return;
  if (!byPlate && !subjects.customerId && !subjects.email) return;
  const isHours = rules.quotaMeasure === 'hours';
  const subject = byPlate
    ? sql`exists (select 1 from ${passVehicles} where ${passVehicles.tenantId} = ${issuedPasses.tenantId} and ${passVehicles.passId} = ${issuedPasses.id} and ${passVehicles.isPrimary} and ${passVehicles.plateNormalized} = ${canonicalPlate(subjects.plate!)})`
    : subjects.customerId
      ? eq(issuedPasses.customerId, subjects.customerId)
      : sql`lower(${issuedPasses.customerEmail}) = ${subjects.email!.toLowerCase()}`;
  const since = isHours ? issuedPasses.issuedOn : issuedPasses.createdAt;
  const counted = await db
    .select({
      at: since,
      hours: sql<number>`extract(epoch from (${issuedPasses.expiresAt} - ${issuedPasses.issuedOn})) / 3600`,
    })
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
    )
    .orderBy(asc(since));
  const used = isHours ? counted.reduce((sum, row) => sum + Number(row.hours), 0) : counted.length;
  const adding = isHours ? options.addingHours : 1;
  if (used + adding <= rules.quotaCount && (adding > 0 || used < rules.quotaCount)) return;
  const oldest = counted[0]?.at;
  const opensAt = oldest ? addPassDuration(new Date(oldest), length, rules.quotaPeriod, timeZone) : null;
  throw closed(
    formatPassMessage(passMessages.ruleQuotaReached, {
      count: rules.quotaCount,
      measure: isHours ? 'hours' : rules.quotaCount === 1 ? 'pass' : 'passes',
      period: describePeriod(rules),
      opens: opensAt ? formatDate(opensAt, timeZone, 'dateTime') : 'later',
    }),
  );
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
  },
): Promise<void> {
  const { rules, now, timeZone } = options;
  if (!rules) return;
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
      formatPassMessage(CLOSED_MESSAGES[closedRule.rule], {
        opens: formatDate(closedRule.opensAt, timeZone, 'dateTime'),
      }),
    );
  }
  await checkQuota(db, { ...options, rules });
}

/**
 * A holder lengthening a pass: an hours-measured quota counts it at its new length beside the
 * subject's other passes (409 'rule_closed' as at issue). Shortening never fails, and a quota of
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
