import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Citation } from '../../../shared/contract';
import type { CitationAmountInputs, CitationAmounts } from '../../../shared/rules';
import { ArrayQuery } from '../../db/array-query';
import type { Database } from '../../db/client';
import { citationCodes, citations } from '../../db/schema';
import { MAX_SEARCH_RESULTS, type SearchKind, searchConditions, searchKind } from './queries';

/** A timestamp as `Date#toISOString` writes it: UTC, milliseconds (both drop microseconds). */
const isoTimestamp = (column: AnyPgColumn) =>
  sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A notice's stored fields as the API names them (toCitation in service.ts is the same mapping in
 * TypeScript; a test holds the two to the same answer on both drivers). The type makes a field
 * added to the contract a compile error here until it is mapped.
 */
const noticeJsonFields: Record<Exclude<keyof Citation, keyof CitationAmounts>, SQL | AnyPgColumn> = {
  uuid: citations.id,
  citationNumber: citations.citationNumber,
  plate: citations.plate,
  stateProv: citations.stateProv,
  createdOn: isoTimestamp(citations.createdOn),
  datePaid: isoTimestamp(citations.datePaid),
  voidDate: isoTimestamp(citations.voidDate),
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
};

/** The stored fields the amounts are computed from, in the order the search selects them. */
const AMOUNT_INPUTS = [
  'amount',
  'amountOverride',
  'paidTotal',
  'lateAmount1',
  'lateDays1',
  'lateAmount2',
  'lateDays2',
  'paymentStatus',
  'createdOn',
  'datePaid',
  'voidDate',
] as const satisfies readonly (keyof CitationAmountInputs)[];

/** The same expressions as the notice's JSON, selected on their own. */
const amountInputColumns = Object.fromEntries(
  AMOUNT_INPUTS.map((name) => [name, noticeJsonFields[name]]),
) as Record<(typeof AMOUNT_INPUTS)[number], SQL | AnyPgColumn>;

type Input<K extends keyof CitationAmountInputs> = CitationAmountInputs[K];
/** A row of the search: the notice's JSON, then its amount inputs in AMOUNT_INPUTS' order. */
type NoticeJsonRow = [
  json: string,
  amount: Input<'amount'>,
  amountOverride: Input<'amountOverride'>,
  paidTotal: Input<'paidTotal'>,
  lateAmount1: Input<'lateAmount1'>,
  lateDays1: Input<'lateDays1'>,
  lateAmount2: Input<'lateAmount2'>,
  lateDays2: Input<'lateDays2'>,
  paymentStatus: Input<'paymentStatus'>,
  createdOn: Input<'createdOn'>,
  datePaid: Input<'datePaid'>,
  voidDate: Input<'voidDate'>,
];

/** A notice found by the public search: its stored fields as JSON, and what its amounts need. */
export interface NoticeJson {
  /** The stored fields as one JSON object, written by PostgreSQL. */
  json: string;
  amountInputs: CitationAmountInputs;
}

/**
 * The stored fields as one compact JSON object: a row of the fields under their API names, made
 * JSON by to_json (json_build_object would write a space around every colon).
 */
const noticeJson = sql`(SELECT to_json(notice) FROM (SELECT ${sql.join(
  Object.entries(noticeJsonFields).map(([name, value]) => sql`${value} AS ${sql.identifier(name)}`),
  sql`, `,
)}) AS notice)::text`;

function noticeSearchAsJson(kind: SearchKind) {
  return new ArrayQuery<{ tenantId: string; plate: string | null; number: string | null }>(
    `citations_json_search_by_${kind}`,
    (db) =>
      db
        .select({ json: noticeJson, ...amountInputColumns })
        .from(citations)
        .leftJoin(citationCodes, eq(citationCodes.id, citations.citationCodeId))
        .where(and(...searchConditions(kind)))
        .orderBy(desc(citations.createdOn))
        .limit(MAX_SEARCH_RESULTS),
  );
}

const noticeSearchesAsJson = {
  plate: noticeSearchAsJson('plate'),
  number: noticeSearchAsJson('number'),
  both: noticeSearchAsJson('both'),
};

/**
 * The public search by plate or number, the busiest call of the portal: PostgreSQL writes each
 * notice's stored fields as JSON, so the server decodes eleven columns per notice rather than
 * twenty-six and builds no object for the rest (docs/benchmarks.md, decision 170).
 */
export async function findNoticesAsJson(
  db: Database,
  tenantId: string,
  search: { plate: string | null; number: string | null },
): Promise<NoticeJson[]> {
  const rows = await noticeSearchesAsJson[searchKind(search)].rows(db, { tenantId, ...search });
  return (rows as NoticeJsonRow[]).map(decodeNotice);
}

/** Unpacks a row in AMOUNT_INPUTS' order (an object literal: one shape, fast). */
function decodeNotice(row: NoticeJsonRow): NoticeJson {
  const [json, amount, amountOverride, paidTotal, lateAmount1, lateDays1, lateAmount2, lateDays2] = row;
  const paymentStatus = row[8];
  const createdOn = row[9];
  const datePaid = row[10];
  const voidDate = row[11];
  return {
    json,
    amountInputs: {
      amount,
      amountOverride,
      paidTotal,
      lateAmount1,
      lateDays1,
      lateAmount2,
      lateDays2,
      paymentStatus,
      createdOn,
      datePaid,
      voidDate,
    },
  };
}
