import { eq } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { migrate } from '../../db/migrate';
import { tenants } from '../../db/schema';
import { announceRevokedKey, createApiKey, listApiKeys, revokeApiKey } from './api-keys';
import { describeEmbeddedDatabaseLock } from './embedded-database-lock';

const USAGE = `Usage:
  npm run apikey -- create SUBDOMAIN NAME   a new enforcement API key (printed once, on the last line)
  npm run apikey -- list SUBDOMAIN          the tenant's keys: id, name, created, last used, revoked
  npm run apikey -- revoke SUBDOMAIN KEYID  revoke a key at once`;

class UsageError extends Error {}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `npm run apikey -- create|list|revoke`: the tenant's enforcement API keys (docs/enforcement.md). */
async function main(argv: string[]) {
  const [command, subdomain, argument] = argv;
  const needsArgument = command === 'create' || command === 'revoke';
  if (
    !command ||
    !['create', 'list', 'revoke'].includes(command) ||
    !subdomain ||
    (needsArgument && !argument)
  ) {
    throw new UsageError(USAGE);
  }
  if (command === 'create' && (argument!.trim().length < 1 || argument!.trim().length > 100)) {
    throw new UsageError('The key name must be 1 to 100 characters.');
  }
  if (command === 'revoke' && !UUID.test(argument!))
    throw new UsageError(`'${argument}' is not a key id (a UUID).`);
  const config = loadConfig();
  const pgliteDir = `${config.DATA_DIR}/pglite`;
  if (!config.DATABASE_URL) {
    const lock = await describeEmbeddedDatabaseLock(pgliteDir, config.PORT);
    if (lock) throw new UsageError(lock);
  }
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir });
  try {
    await migrate(database.db);
    const [tenant] = await database.db
      .select()
      .from(tenants)
      .where(eq(tenants.subdomain, subdomain.toLowerCase()));
    if (!tenant) throw new UsageError(`No tenant with the subdomain '${subdomain}'.`);
    if (command === 'create') {
      const { row, key } = await createApiKey(database.db, { tenantId: tenant.id, name: argument! });
      console.log(`Created API key ${row.id} '${row.name}' for ${tenant.subdomain}.`);
      console.log(
        'Copy it now: only its hash is kept, it cannot be shown again. Send it as Authorization: Bearer KEY.',
      );
      console.log(key);
    } else if (command === 'list') {
      const keys = await listApiKeys(database.db, tenant.id);
      if (keys.length === 0) console.log(`${tenant.subdomain} has no API keys.`);
      for (const key of keys) {
        const state = key.revokedAt ? `revoked ${key.revokedAt.toISOString()}` : 'active';
        const lastUsed = key.lastUsedAt ? key.lastUsedAt.toISOString() : 'never used';
        console.log(
          `${key.id}  ${key.keyPrefix}…  ${key.name}  created ${key.createdAt.toISOString()}  ${lastUsed}  ${state}`,
        );
      }
    } else {
      const isRevoked = await revokeApiKey(database.db, {
        tenantId: tenant.id,
        keyId: argument!,
        now: new Date(),
      });
      if (!isRevoked) throw new UsageError(`${tenant.subdomain} has no active API key ${argument}.`);
      // Running servers stop accepting it at once (they keep keys a few seconds otherwise).
      await announceRevokedKey(database.db, argument!);
      console.log(`Revoked API key ${argument} of ${tenant.subdomain}.`);
    }
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).catch((error) => {
  const isExpected = error instanceof UsageError || error instanceof ConfigError;
  console.error(isExpected ? error.message : error);
  process.exit(isExpected ? 2 : 1);
});
