import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/test-app';
import { testDriver } from '../../../tests/support/test-database';
import { queryRows } from './client';
import { queryNamedRows, statementName } from './named-statements';

/**
 * queryNamedRows (decision 251): the same rows as an unnamed statement, and on PostgreSQL a
 * statement prepared once per connection under a name that depends on its text alone.
 */
const t = useTestApp();

describe('queryNamedRows', () => {
  it('answers the rows of its statement, its parameters bound', async () => {
    const rows = await queryNamedRows<{ sum: number }>(t.db, sql`SELECT ${2}::int + ${3}::int AS sum`);
    expect(rows).toEqual([{ sum: 5 }]);
  });

  it('names a statement by its text: the same text one name, another text another', () => {
    expect(statementName('SELECT $1')).toBe(statementName('SELECT $1'));
    expect(statementName('SELECT $1')).not.toBe(statementName('SELECT $2'));
    expect(statementName('SELECT $1')).toMatch(/^s_[\w-]{20}$/);
  });

  it.runIf(testDriver() === 'postgres')(
    'prepares a statement once on a connection and reuses it',
    async () => {
      const query = (value: number) => sql`SELECT ${value}::int AS value, 'named-statements test' AS marker`;
      const name = statementName("SELECT $1::int AS value, 'named-statements test' AS marker");
      // One transaction: one connection, whose prepared statements pg_prepared_statements lists.
      const { answers, prepared } = await t.db.transaction(async (tx) => {
        const answers = [
          ...(await queryNamedRows<{ value: number }>(tx, query(1))),
          ...(await queryNamedRows<{ value: number }>(tx, query(2))),
        ];
        const prepared = await queryRows<{ name: string; calls: number }>(
          tx,
          sql`SELECT name, (generic_plans + custom_plans)::int AS calls FROM pg_prepared_statements WHERE name = ${name}`,
        );
        return { answers, prepared };
      });
      expect(answers.map((row) => row.value)).toEqual([1, 2]);
      expect(prepared).toEqual([{ name, calls: 2 }]);
    },
  );
});
