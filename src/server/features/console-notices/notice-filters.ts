import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { and, asc, desc, eq, gte, like, lt, or, type SQL, sql } from 'drizzle-orm';
import type { NoticeFilter, NoticeSortKey } from '../../../shared/contract';
import { normaliseSearchTerm } from '../../../shared/rules';
import { citations } from '../../db/schema';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The amount in force, as the list shows and sorts it (matches citations_tenant_amount_idx). */
export const amountInForce = sql<number>`coalesce(${citations.amountOverride}, ${citations.amount})`;

/** The instant a tenant-local day starts. */
const startOfDay = (day: string, timeZone: string) => dayjs.tz(`${day} 00:00`, timeZone).toDate();

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * The WHERE of the console's list and export. Every condition starts with the tenant, and each
 * has an index of migration 0840 (or 0001) to start from.
 */
export function noticeConditions(tenant: { id: string; timezone: string }, filter: NoticeFilter): SQL {
  const conditions: (SQL | undefined)[] = [eq(citations.tenantId, tenant.id)];
  const term = normaliseSearchTerm(filter.q);
  if (term) {
    const prefix = `${escapeLike(term)}%`;
    conditions.push(or(like(citations.plate, prefix), like(citations.citationNumber, prefix)));
  }
  if (filter.status) conditions.push(eq(citations.paymentStatus, filter.status));
  if (filter.codeUUID) conditions.push(eq(citations.citationCodeId, filter.codeUUID));
  if (filter.from) conditions.push(gte(citations.createdOn, startOfDay(filter.from, tenant.timezone)));
  if (filter.to) {
    const nextDay = dayjs(filter.to).add(1, 'day').format('YYYY-MM-DD');
    conditions.push(lt(citations.createdOn, startOfDay(nextDay, tenant.timezone)));
  }
  return and(...conditions)!;
}

const SORT_COLUMNS: Record<NoticeSortKey, SQL[]> = {
  issued: [sql`${citations.createdOn}`],
  amount: [amountInForce],
  status: [sql`${citations.paymentStatus}`, sql`${citations.createdOn}`],
  plate: [sql`${citations.plate}`],
};

/** The ORDER BY: the chosen key, then the id, so the order is total and pages are stable. */
export function noticeOrder(filter: Pick<NoticeFilter, 'sort' | 'order'>): SQL[] {
  const direction = filter.order === 'asc' ? asc : desc;
  return [...SORT_COLUMNS[filter.sort], sql`${citations.id}`].map((column) => direction(column));
}
