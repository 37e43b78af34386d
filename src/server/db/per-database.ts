import type { Database } from './client';

/**
 * A value built once for each database on first use, a prepared statement say: Drizzle builds a
 * prepared query's SQL when it is prepared, so preparing on every call would build it every time.
 * Keyed weakly, so a test's database and what was built for it go together.
 */
export function perDatabase<T>(build: (db: Database) => T): (db: Database) => T {
  const built = new WeakMap<Database, T>();
  return (db) => {
    let value = built.get(db);
    if (value === undefined) {
      value = build(db);
      built.set(db, value);
    }
    return value;
  };
}
