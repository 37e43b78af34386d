import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  listNoticesQuerySchema,
  NoticeListItem,
  NoticePage,
  PaymentStatus,
} from '../../../shared/contract';
import type { Database } from '../../db/client';
import { citationCodes, citations, type TenantRow } from '../../db/schema';
import { countUpTo } from '../lists';
import { amountInForce, noticeConditions, noticeOrder } from './notice-filters';

type ListQuery = z.output<typeof listNoticesQuerySchema>;

export const noticeListColumns = {
  uuid: citations.id,
  citationNumber: citations.citationNumber,
  plate: citations.plate,
  stateProv: citations.stateProv,
  createdOn: citations.createdOn,
  paymentStatus: citations.paymentStatus,
  amount: amountInForce,
  amountOverride: citations.amountOverride,
  citationName: citationCodes.name,
  location: citations.location,
};

export function toNoticeListItem(row: {
  uuid: string;
  citationNumber: string;
  plate: string;
  stateProv: string | null;
  createdOn: Date;
  paymentStatus: string;
  amount: number;
  amountOverride: number | null;
  citationName: string | null;
  location: string | null;
}): NoticeListItem {
  return {
    uuid: row.uuid,
    citationNumber: row.citationNumber,
    plate: row.plate,
    stateProv: row.stateProv,
    createdOn: row.createdOn.toISOString(),
    paymentStatus: row.paymentStatus as PaymentStatus,
    amount: Number(row.amount),
    isAmountOverridden: row.amountOverride !== null,
    citationName: row.citationName,
    location: row.location,
  };
}

/**
 * One page of the tenant's notices. Bounded offset (the contract caps the depth) over an order
 * an index gives, and the matching rows counted up to the same depth (decision 201).
 */
export async function listNotices(options: {
  db: Database;
  tenant: TenantRow;
  query: ListQuery;
}): Promise<NoticePage> {
  const { db, tenant, query } = options;
  const where = noticeConditions(tenant, query);
  const [rows, total] = await Promise.all([
    db
      .select(noticeListColumns)
      .from(citations)
      .leftJoin(citationCodes, eq(citationCodes.id, citations.citationCodeId))
      .where(where)
      .orderBy(...noticeOrder(query))
      .limit(query.pageSize + 1)
      .offset((query.page - 1) * query.pageSize),
    countUpTo({ db, table: citations, where }),
  ]);
  return {
    ...total,
    items: rows.slice(0, query.pageSize).map(toNoticeListItem),
    page: query.page,
    pageSize: query.pageSize,
    hasMore: rows.length > query.pageSize,
  };
}
