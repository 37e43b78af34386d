import type pg from 'pg';

/** How many (tenant, plate) pairs the lookups rotate through. */
const SAMPLE_SIZE = 5_000;

/**
 * The fixed rate of the lookups' latency run, the same on every machine and data-set size so that
 * runs compare (issue 14: p99 at 1,000 req/s at most 15 ms, and within 1.3x from 10 k to 10 M).
 */
export const LOOKUP_FIXED_RATE = 1_000;

export interface LookupTarget {
  subdomain: string;
  tenantId: string;
  plate: string;
}

/**
 * Thousands of real (tenant, plate) pairs over all tenants, the same for the portal's lookup and
 * the baseline's, so neither the database nor a cache sees one hot row. A repeatable block sample
 * spreads them over the tenants; md5 shuffles them.
 */
export async function sampleLookupTargets(db: pg.Client): Promise<LookupTarget[]> {
  const { rows } = await db.query<LookupTarget>(
    `SELECT t.subdomain, t.id AS "tenantId", c.plate
     FROM citations c TABLESAMPLE SYSTEM (2) REPEATABLE (42)
     JOIN tenants t ON t.id = c.tenant_id
     ORDER BY md5(c.id::text)
     LIMIT $1`,
    [SAMPLE_SIZE],
  );
  if (rows.length === 0) throw new Error('The bench database has no notices to look up.');
  return rows;
}

/** A plate search must find at least one notice (every sampled plate carries one). */
export function expectNotices(status: number, body: string): string | null {
  if (status !== 200) return `expected 200, got ${status}: ${body.slice(0, 200)}`;
  try {
    const notices = JSON.parse(body) as unknown;
    return Array.isArray(notices) && notices.length > 0
      ? null
      : `expected notices, got: ${body.slice(0, 200)}`;
  } catch {
    return `expected JSON, got: ${body.slice(0, 200)}`;
  }
}
