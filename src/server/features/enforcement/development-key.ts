import { and, eq, isNull } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { apiKeys, tenants } from '../../db/schema';
import { createApiKey } from './api-keys';

export const DEVELOPMENT_KEY_NAME = 'Development demo key';
const DEMO_SUBDOMAIN = 'demo';

/**
 * In development with the demo data, a fresh enforcement key for the demo tenant at each start, so
 * the enforcement API can be tried at once (only hashes are stored, so the previous one cannot be
 * shown again: it is revoked and replaced). Never in production or tests: answers null there.
 */
export async function issueDevelopmentApiKey(options: {
  config: Pick<Config, 'NODE_ENV' | 'SEED_DEMO_DATA'>;
  db: Database;
  now: Date;
}): Promise<string | null> {
  if (options.config.NODE_ENV !== 'development' || !options.config.SEED_DEMO_DATA) return null;
  const [tenant] = await options.db.select().from(tenants).where(eq(tenants.subdomain, DEMO_SUBDOMAIN));
  if (!tenant) return null;
  await options.db
    .update(apiKeys)
    .set({ revokedAt: options.now })
    .where(
      and(eq(apiKeys.tenantId, tenant.id), eq(apiKeys.name, DEVELOPMENT_KEY_NAME), isNull(apiKeys.revokedAt)),
    );
  const { key } = await createApiKey(options.db, { tenantId: tenant.id, name: DEVELOPMENT_KEY_NAME });
  return key;
}

/** Prints the development key after the start-up banner (development only, see above). */
export async function announceDevelopmentApiKey(options: {
  config: Pick<Config, 'NODE_ENV' | 'SEED_DEMO_DATA'>;
  db: Database;
  now: Date;
}): Promise<void> {
  const key = await issueDevelopmentApiKey(options);
  if (key)
    console.log(
      `Enforcement API key of '${DEMO_SUBDOMAIN}' (development only, new at each start):\n  ${key}\n`,
    );
}
