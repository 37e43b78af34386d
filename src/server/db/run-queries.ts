import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from './client';

/**
 * Runs independent reads at once on the pool, but one after another inside a transaction: a
 * transaction is one connection, and node-postgres queues (and warns about) overlapping queries.
 */
export async function runQueries<T extends readonly unknown[]>(
  db: Database | Transaction,
  tasks: { [K in keyof T]: () => Promise<T[K]> },
): Promise<T> {
  if (!(db instanceof PgTransaction))
    return Promise.all(tasks.map((task) => task())) as unknown as Promise<T>;
  const results: unknown[] = [];
  for (const task of tasks) results.push(await task());
  return results as unknown as T;
}
