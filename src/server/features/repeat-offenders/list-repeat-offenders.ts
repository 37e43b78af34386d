import { and, asc, count, desc, inArray, max, min, or, type SQL, sql } from 'drizzle-orm';
import type { RepeatOffender, RepeatOffenderPage } from '../../../shared/contract';
import { isRepeatOffenderCheckOn } from '../../../shared/rules';
import type { Database } from '../../db/client';
import { citations, type TenantRow } from '../../db/schema';
import {
  amountColumns,
  overdueCutoff,
  settingsOf,
  standingOf,
  type UnpaidNoticeAmounts,
  unpaidNoticeConditions,
} from './unpaid-notices';

type ListOptions = { db: Database; tenant: TenantRow; now: Date };

/** The plates meeting the tenant's rule: grouped in the database, the HAVING clause is the rule. */
function offenderGroups({ db, tenant, now }: ListOptions) {
  const noticeCount = count();
  const oldest = min(citations.createdOn);
  const tests: SQL[] = [];
  if (tenant.repeatOffenderNoticeCount !== null) {
    tests.push(sql`${noticeCount} >= ${tenant.repeatOffenderNoticeCount}`);
  }
  const cutoff = overdueCutoff(tenant, now);
  if (cutoff) tests.push(sql`${oldest} < ${cutoff.toISOString()}::timestamptz`);
  return db
    .select({ plate: citations.plate, noticeCount, oldest, newest: max(citations.createdOn) })
    .from(citations)
    .where(unpaidNoticeConditions(tenant.id))
    .groupBy(citations.plate)
    .having(or(...tests))
    .orderBy(desc(noticeCount), asc(oldest), asc(citations.plate));
}

/** The rows of some plates: each one's standing, from all of its unpaid notices. */
async function offendersOf(
  { db, tenant, now }: ListOptions,
  groups: Array<{ plate: string; newest: Date | string | null }>,
): Promise<RepeatOffender[]> {
  if (groups.length === 0) return [];
  const plates = groups.map((group) => group.plate);
  const notices = await db
    .select({ ...amountColumns, stateProv: citations.stateProv })
    .from(citations)
    .where(and(unpaidNoticeConditions(tenant.id), inArray(citations.plate, plates)))
    .orderBy(desc(citations.createdOn));
  const byPlate = new Map<string, Array<UnpaidNoticeAmounts & { stateProv: string | null }>>();
  for (const notice of notices) {
    const list = byPlate.get(notice.plate) ?? [];
    list.push(notice);
    byPlate.set(notice.plate, list);
  }
  return groups.map((group) => {
    const ofPlate = byPlate.get(group.plate) ?? [];
    return {
      plate: group.plate,
      stateProv: ofPlate[0]?.stateProv ?? null,
      newestUnpaidOn: (ofPlate[0]?.createdOn ?? new Date(group.newest ?? 0)).toISOString(),
      ...standingOf(tenant, ofPlate, now),
    };
  });
}

/** One page of the tenant's repeat offenders, most unpaid notices first; none when the check is off. */
export async function listRepeatOffenders(
  options: ListOptions & { query: { page: number; pageSize: number } },
): Promise<RepeatOffenderPage> {
  const { tenant, query } = options;
  const rule = settingsOf(tenant);
  const page = { rule, page: query.page, pageSize: query.pageSize };
  if (!isRepeatOffenderCheckOn(rule)) return { ...page, items: [], total: 0 };
  const groups = offenderGroups(options).as('offenders');
  const [rows, totals] = await Promise.all([
    offenderGroups(options)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    options.db.select({ total: count() }).from(groups),
  ]);
  return { ...page, items: await offendersOf(options, rows), total: Number(totals[0]?.total ?? 0) };
}

/** Every repeat offender in the list's order, a batch of plates at a time (the CSV export). */
export async function* allRepeatOffenders(options: ListOptions, batchSize = 500) {
  if (!isRepeatOffenderCheckOn(settingsOf(options.tenant))) return;
  for (let offset = 0; ; offset += batchSize) {
    const rows = await offenderGroups(options).limit(batchSize).offset(offset);
    yield* await offendersOf(options, rows);
    if (rows.length < batchSize) return;
  }
}
