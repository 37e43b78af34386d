import { and, desc, eq } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { isoStringOf } from '../../../shared/format';
import type { StoredCitation } from '../../../shared/rules';
import { ArrayQuery } from '../../db/array-query';
import type { Database } from '../../db/client';
import { citationCodes, citations } from '../../db/schema';
import { MAX_SEARCH_RESULTS, type SearchKind, searchConditions, searchKind } from './queries';

/**
 * The columns of a notice as the API shows it, in the order the search selects them (decodeRow
 * reads them in this order; toCitation in service.ts is the same mapping from Drizzle's rows, and
 * a generated test holds the two to the same answer on both drivers).
 */
const noticeColumns = {
  uuid: citations.id,
  citationNumber: citations.citationNumber,
  plate: citations.plate,
  stateProv: citations.stateProv,
  createdOn: citations.createdOn,
  datePaid: citations.datePaid,
  voidDate: citations.voidDate,
  paymentStatus: citations.paymentStatus,
  amount: citations.amount,
  amountOverride: citations.amountOverride,
  paidTotal: citations.paidTotal,
  lateAmount1: citations.lateAmount1,
  lateDays1: citations.lateDays1,
  lateAmount2: citations.lateAmount2,
  lateDays2: citations.lateDays2,
  citationName: citationCodes.name,
  citationDescription: citationCodes.description,
  citationCodeUUID: citations.citationCodeId,
  location: citations.location,
  imageURLs: citations.imageUrls,
  receiptUrl: citations.receiptUrl,
  entityUUID: citations.tenantId,
  make: citations.make,
  color: citations.color,
  comments: citations.comments,
} satisfies Record<keyof StoredCitation, AnyPgColumn>;

type Stored<K extends keyof StoredCitation> = StoredCitation[K];
/** A row of the search as the driver gives it: noticeColumns' values, timestamps as Dates. */
type NoticeRow = [
  uuid: Stored<'uuid'>,
  citationNumber: Stored<'citationNumber'>,
  plate: Stored<'plate'>,
  stateProv: Stored<'stateProv'>,
  createdOn: Date,
  datePaid: Date | null,
  voidDate: Date | null,
  paymentStatus: Stored<'paymentStatus'>,
  amount: Stored<'amount'>,
  amountOverride: Stored<'amountOverride'>,
  paidTotal: Stored<'paidTotal'>,
  lateAmount1: Stored<'lateAmount1'>,
  lateDays1: Stored<'lateDays1'>,
  lateAmount2: Stored<'lateAmount2'>,
  lateDays2: Stored<'lateDays2'>,
  citationName: Stored<'citationName'>,
  citationDescription: Stored<'citationDescription'>,
  citationCodeUUID: Stored<'citationCodeUUID'>,
  location: Stored<'location'>,
  imageURLs: Stored<'imageURLs'>,
  receiptUrl: Stored<'receiptUrl'>,
  entityUUID: Stored<'entityUUID'>,
  make: Stored<'make'>,
  color: Stored<'color'>,
  comments: Stored<'comments'>,
];

function noticeSearch(kind: SearchKind) {
  return new ArrayQuery<{ tenantId: string; plate: string | null; number: string | null }>(
    `citations_array_search_by_${kind}`,
    (db) =>
      db
        .select(noticeColumns)
        .from(citations)
        .leftJoin(citationCodes, eq(citationCodes.id, citations.citationCodeId))
        .where(and(...searchConditions(kind)))
        .orderBy(desc(citations.createdOn))
        .limit(MAX_SEARCH_RESULTS),
  );
}

const noticeSearches = {
  plate: noticeSearch('plate'),
  number: noticeSearch('number'),
  both: noticeSearch('both'),
};

/**
 * The public search by plate or number, the busiest call of the portal, without Drizzle's
 * per-call work: the statement is built by Drizzle once, its rows arrive as arrays and become the
 * notices' stored fields in one object literal each (docs/benchmarks.md, decision 170).
 */
export async function findStoredCitations(
  db: Database,
  tenantId: string,
  search: { plate: string | null; number: string | null },
): Promise<StoredCitation[]> {
  const rows = await noticeSearches[searchKind(search)].rows(db, { tenantId, ...search });
  return (rows as NoticeRow[]).map(decodeRow);
}

function decodeRow(row: NoticeRow): StoredCitation {
  return {
    uuid: row[0],
    citationNumber: row[1],
    plate: row[2],
    stateProv: row[3],
    createdOn: isoStringOf(row[4]),
    datePaid: row[5] ? isoStringOf(row[5]) : null,
    voidDate: row[6] ? isoStringOf(row[6]) : null,
    paymentStatus: row[7],
    amount: row[8],
    amountOverride: row[9],
    paidTotal: row[10],
    lateAmount1: row[11],
    lateDays1: row[12],
    lateAmount2: row[13],
    lateDays2: row[14],
    citationName: row[15],
    citationDescription: row[16],
    citationCodeUUID: row[17],
    location: row[18],
    imageURLs: row[19],
    receiptUrl: row[20],
    entityUUID: row[21],
    make: row[22],
    color: row[23],
    comments: row[24],
  };
}
