import type { PGlite } from '@electric-sql/pglite';
import { is, Placeholder } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from './client';
import { perDatabase } from './per-database';

/** What `toSQL()` of a Drizzle query gives: its text and its parameters, placeholders included. */
interface CompiledQuery {
  sql: string;
  params: unknown[];
}

type Inputs = Record<string, unknown>;

/**
 * A statement built once by Drizzle (its columns and conditions typed against the schema) and run
 * straight on the driver, its rows as arrays of column values. For the busiest reads only: a
 * Drizzle prepared query spends more of the server's CPU per call than the rest of the notice
 * lookup's query path (its tracing wrappers, placeholder filling and per-field row mapping,
 * docs/benchmarks.md), and a statement that selects a few computed columns needs none of it.
 *
 * On PostgreSQL it is a named prepared statement, parsed once per connection; the pool still sets
 * each connection's row-level-security scope (decision 167). On PGlite it is a plain query.
 */
export class ArrayQuery<In extends Inputs> {
  private readonly compile: (db: Database) => { text: string; values: (inputs: In) => unknown[] };

  constructor(
    /** The prepared statement's name: unique in the app. */
    private readonly name: string,
    /** Builds the statement with `sql.placeholder(name)` for each input. */
    build: (db: Database) => { toSQL(): CompiledQuery },
  ) {
    this.compile = perDatabase((db) => {
      const { sql, params } = build(db).toSQL();
      // Each parameter is a placeholder, filled from the inputs at each call, or a constant of the
      // statement (a LIMIT, say), the same at every call.
      const fill = params.map((param) =>
        is(param, Placeholder) ? (inputs: In) => inputs[param.name] : () => param,
      );
      return { text: sql, values: (inputs: In) => fill.map((value) => value(inputs)) };
    });
  }

  async rows(db: Database, inputs: In): Promise<unknown[][]> {
    const { text, values } = this.compile(db);
    // Drizzle keeps the driver's client as `$client`: node-postgres' pool, or PGlite.
    const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
    const result =
      client instanceof pg.Pool
        ? await client.query<unknown[]>({ name: this.name, text, values: values(inputs), rowMode: 'array' })
        : await client.query<unknown[]>(text, values(inputs), { rowMode: 'array' });
    return result.rows;
  }
}
