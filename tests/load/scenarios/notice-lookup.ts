import type { Scenario } from '../scenario';
import { expectOkJson } from '../scenario';

/** How many (tenant, plate) pairs the lookup rotates through. */
const SAMPLE_SIZE = 5_000;

/**
 * The public search by plate, on the tenant's own host, over thousands of real plates of many
 * tenants, so neither the database nor the tenant cache sees one hot row.
 */
export const noticeLookupScenario: Scenario = {
  id: 'notice-lookup',
  title: 'Notice lookup by plate',
  server: 'portal',
  async prepare({ db }) {
    // A repeatable 2 % block sample spreads the plates over all tenants; md5 shuffles them.
    const { rows } = await db.query<{ subdomain: string; plate: string }>(
      `SELECT t.subdomain, c.plate
       FROM citations c TABLESAMPLE SYSTEM (2) REPEATABLE (42)
       JOIN tenants t ON t.id = c.tenant_id
       ORDER BY md5(c.id::text)
       LIMIT $1`,
      [SAMPLE_SIZE],
    );
    if (rows.length === 0) throw new Error('The bench database has no notices to look up.');
    let next = 0;
    return () => {
      const row = rows[next++ % rows.length]!;
      return {
        path: `/api/v1/portal/citation/p/${encodeURIComponent(row.plate)}/n/blank/o/${row.subdomain}`,
        host: `${row.subdomain}.localhost`,
      };
    };
  },
  check(status, body) {
    const problem = expectOkJson(status, body);
    if (problem) return problem;
    const notices = JSON.parse(body) as unknown;
    return Array.isArray(notices) && notices.length > 0
      ? null
      : `expected notices, got: ${body.slice(0, 200)}`;
  },
};
