import { Readable } from 'node:stream';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { csvLine } from '../../../shared/format/csv';

/**
 * What every console list's export shares (notices, passes, customers): the rows the list's
 * filters match, in the list's order, read in batches by keyset on the sort columns (never an
 * offset, so a million-row export stays cheap), streamed as CSV whose cells are written
 * CSV-injection safe (src/shared/format/csv.ts).
 */

/** Rows read per query: memory stays flat however many rows the tenant holds. */
export const CSV_EXPORT_BATCH_SIZE = 1000;

/**
 * The rows after `lastKey` (the sort columns' values of the last row read, as text) in the
 * export's order, every column in the same direction: one row comparison, which PostgreSQL
 * answers from the same index as the ORDER BY. The sort columns must never be NULL.
 */
export function keysetAfter(
  columns: readonly SQLWrapper[],
  order: 'asc' | 'desc',
  lastKey: readonly string[],
): SQL {
  const names = sql.join(
    columns.map((column) => sql`${column}`),
    sql`, `,
  );
  const values = sql.join(
    lastKey.map((value) => sql`${value}`),
    sql`, `,
  );
  return order === 'asc' ? sql`(${names}) > (${values})` : sql`(${names}) < (${values})`;
}

/** The sort columns' values of a row as text, to continue after it with `keysetAfter`. */
export function keysetSortKey(columns: readonly SQLWrapper[]): SQL<string[]> {
  return sql<string[]>`array[${sql.join(
    columns.map((column) => sql`(${column})::text`),
    sql`, `,
  )}]`;
}

export interface CsvExport<Row extends { sortKey: string[] }> {
  /** The header line's names. */
  header: readonly string[];
  /** Up to `limit` rows after the row whose sort key is `lastKey` (the first rows when null). */
  readBatch(lastKey: readonly string[] | null, limit: number): Promise<Row[]>;
  /** A row's cells, in the header's order. */
  cells(row: Row): readonly unknown[];
  batchSize?: number;
}

async function* csvLines<Row extends { sortKey: string[] }>(source: CsvExport<Row>): AsyncGenerator<string> {
  const batchSize = source.batchSize ?? CSV_EXPORT_BATCH_SIZE;
  yield csvLine(source.header);
  let lastKey: string[] | null = null;
  for (;;) {
    const rows = await source.readBatch(lastKey, batchSize);
    for (const row of rows) yield csvLine(source.cells(row) as Parameters<typeof csvLine>[0]);
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    lastKey = last.sortKey;
  }
}

/** The export as a stream of CSV lines, read a batch at a time as the client takes them. */
export function streamCsvExport<Row extends { sortKey: string[] }>(source: CsvExport<Row>): Readable {
  return Readable.from(csvLines(source));
}

/**
 * Sends `stream` as a CSV download named `<list>-<subdomain>-<day>.csv`, past the JSON
 * serialiser (a stream is sent as it is read).
 */
export function sendCsvDownload(
  reply: FastifyReply,
  options: { list: string; subdomain: string; now: Date; stream: Readable },
): never {
  const day = options.now.toISOString().slice(0, 10);
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${options.list}-${options.subdomain}-${day}.csv"`);
  return reply.send(options.stream) as never;
}
