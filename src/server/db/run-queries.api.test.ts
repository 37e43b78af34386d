import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/test-app';
import { type Database, queryRows, type Transaction } from './client';
import { runQueries } from './run-queries';

/**
 * runQueries: independent reads overlap on the pool, but inside a transaction (one connection,
 * where node-postgres queues overlapping queries and warns) each waits for the one before.
 */
const t = useTestApp();

/** Two reads that write down when each starts and ends, run through runQueries on `db`. */
async function traceTwoReads(db: Database | Transaction) {
  const trace: string[] = [];
  const read = (name: string, value: number) => async () => {
    trace.push(`start ${name}`);
    const [row] = await queryRows<{ value: number }>(db, sql`SELECT ${value}::int AS value`);
    trace.push(`end ${name}`);
    return row?.value;
  };
  const results = await runQueries(db, [read('first', 1), read('second', 2)]);
  return { trace, results };
}

describe('runQueries', () => {
  it('starts every read at once outside a transaction', async () => {
    const { trace, results } = await traceTwoReads(t.db);
    expect(results).toEqual([1, 2]);
    expect(trace.slice(0, 2)).toEqual(['start first', 'start second']);
  });

  it('runs the reads one after another inside a transaction, in order', async () => {
    const { trace, results } = await t.db.transaction((tx) => traceTwoReads(tx));
    expect(results).toEqual([1, 2]);
    expect(trace).toEqual(['start first', 'end first', 'start second', 'end second']);
  });
});
