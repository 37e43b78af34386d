import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { loadDemoDataIfEmpty } from './db/fixtures/demo';

/**
 * The start's demo-data step: only when SEED_DEMO_DATA is on (by default outside production
 * only, since the demo operator's password is public) and the database has no tenant yet.
 */
export async function seedDemoDataOnStart(options: {
  config: Pick<Config, 'SEED_DEMO_DATA' | 'publicBaseUrl'>;
  db: Database;
  log: Pick<FastifyBaseLogger, 'info'>;
}): Promise<boolean> {
  if (!options.config.SEED_DEMO_DATA) return false;
  const seeded = await loadDemoDataIfEmpty(options.db, options.config.publicBaseUrl);
  if (seeded) options.log.info({ tenants: seeded.tenants.length }, 'loaded the demo data');
  return seeded !== null;
}
