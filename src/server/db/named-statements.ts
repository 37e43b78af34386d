import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from './client';

/**
 * Named prepared statements for the statements sent on every pass issued (decision 251).
 *
 * PostgreSQL parses, analyses (the row-level security policies included) and plans an unnamed
 * statement on every execution; a named one is parsed once per connection and its plan is kept
 * (a generic plan after five executions, when it costs no more than the custom ones). pg sends
 * the text with a Parse message the first time a connection sees the name, then only Bind and
 * Execute. The name is a hash of the text, so two texts never share a name (pg refuses that)
 * and the same text gets the same name on every connection.
 *
 * Only for statements whose text comes in a bounded number of shapes (values are parameters):
 * each connection keeps every statement it prepared for as long as it lives. On PGlite the name
 * is ignored and the statement runs as any other.
 */

/** The dialect the databases are opened with (no casing option): the same text Drizzle sends. */
const dialect = new PgDialect();

/** The statement's name: `s_` and 20 characters of the SHA-1 of its text (PostgreSQL allows 63). */
export function statementName(text: string): string {
  return `s_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
}

/** A statement's text and parameters (placeholders among them) as Drizzle built it, and its name. */
export interface BuiltStatement {
  sql: string;
  params: unknown[];
  name: string;
}

/** Builds `query` for running many times with `runBuilt`: its placeholders are filled at each run. */
export function buildStatement(query: SQL): BuiltStatement {
  const built = dialect.sqlToQuery(query);
  return { sql: built.sql, params: built.params, name: statementName(built.sql) };
}

/** Runs a built statement, named, with the values of its placeholders; answers its rows. */
export async function runBuilt<T>(
  db: Database | Transaction,
  statement: BuiltStatement,
  inputs: Record<string, unknown>,
): Promise<T[]> {
  // The one use of the session's prepareQuery: Drizzle names only its builders' statements and
  // keeps a transaction's client to itself (decision 251; named-statements.api.test.ts guards it).
  const prepared = db._.session.prepareQuery(
    { sql: statement.sql, params: statement.params },
    undefined,
    statement.name,
    false,
  );
  const result = (await prepared.execute(inputs)) as { rows: T[] };
  return result.rows;
}

/** Runs `query` as a named prepared statement and answers its rows (as `queryRows` does). */
export function queryNamedRows<T>(db: Database | Transaction, query: SQL): Promise<T[]> {
  // Its parameters are values, not placeholders: there is nothing to fill at the run.
  return runBuilt<T>(db, buildStatement(query), {});
}

/**
 * A statement whose text Drizzle builds once, on first use, with `sql.placeholder(name)` for each
 * input, run as a named statement on any database or transaction with the inputs of each call
 * (Drizzle's own prepared queries are bound to the database or transaction they were made on,
 * and a transaction lives for one checkout). For the statements of every pass whose building
 * costs the server more than sending them (the count of a product's places, decision 251).
 */
export function builtOnce<In extends Record<string, unknown>>(build: () => SQL) {
  let built: BuiltStatement | null = null;
  return async <T>(db: Database | Transaction, inputs: In): Promise<T[]> => {
    built ??= buildStatement(build());
    return runBuilt<T>(db, built, inputs);
  };
}
