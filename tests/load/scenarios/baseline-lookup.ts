import type { Scenario } from '../scenario';
import { expectNotices, LOOKUP_FIXED_RATE, sampleLookupTargets } from './lookup-sample';

type Driver = 'pg' | 'postgresjs';

/**
 * The notice lookup's search on the bare baseline server (tests/load/baseline-server.ts) through
 * one raw driver: the same plates as `notice-lookup`, the tenant given by id (no resolution).
 * Our lookup's max req/s over this one's is the figure issue 14 sets at 0.8 or more.
 */
function baselineLookup(driver: Driver, title: string): Scenario {
  return {
    id: `baseline-lookup-${driver}`,
    title,
    server: 'baseline',
    fixedRate: LOOKUP_FIXED_RATE,
    async prepare({ db }) {
      const targets = await sampleLookupTargets(db);
      let next = 0;
      return () => {
        const target = targets[next++ % targets.length]!;
        return {
          path: `/lookup/${driver}/${target.tenantId}/${encodeURIComponent(target.plate)}`,
          host: `${target.subdomain}.localhost`,
        };
      };
    },
    check: expectNotices,
  };
}

export const baselineLookupPgScenario = baselineLookup('pg', 'Lookup baseline: Fastify + pg');
export const baselineLookupPostgresJsScenario = baselineLookup(
  'postgresjs',
  'Lookup baseline: Fastify + postgres.js',
);
