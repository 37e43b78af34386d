import { benchApiKey } from '../dataset';
import type { Scenario } from '../scenario';
import { expectOkJson } from '../scenario';

/** How many (tenant, plate) pairs the check rotates through. */
const SAMPLE_SIZE = 5_000;

/**
 * A patrol's hot path: GET /enforcement/plates/{plate} with the tenant's API key, over plates of
 * passes (nine in ten covered) of every tenant, many of which also carry notices.
 */
export const plateCheckScenario: Scenario = {
  id: 'plate-check',
  title: 'Enforcement plate check (API key)',
  server: 'portal',
  async prepare({ db }) {
    const { rows } = await db.query<{ subdomain: string; plate: string }>(
      `SELECT t.subdomain, v.plate
       FROM pass_vehicles v TABLESAMPLE SYSTEM (5) REPEATABLE (42)
       JOIN tenants t ON t.id = v.tenant_id
       ORDER BY md5(v.id::text)
       LIMIT $1`,
      [SAMPLE_SIZE],
    );
    if (rows.length === 0) throw new Error('The bench database has no pass vehicles to check.');
    let next = 0;
    return () => {
      const row = rows[next++ % rows.length]!;
      return {
        path: `/api/v1/enforcement/plates/${encodeURIComponent(row.plate)}`,
        host: `${row.subdomain}.localhost`,
        headers: { authorization: `Bearer ${benchApiKey(row.subdomain)}` },
      };
    };
  },
  check(status, body) {
    const problem = expectOkJson(status, body);
    if (problem) return problem;
    const answer = JSON.parse(body) as { isCovered?: unknown; passes?: unknown };
    return typeof answer.isCovered === 'boolean' && Array.isArray(answer.passes)
      ? null
      : `expected a plate check, got: ${body.slice(0, 200)}`;
  },
};
