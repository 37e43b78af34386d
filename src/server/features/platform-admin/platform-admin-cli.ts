import { isValidEmail } from '../../../shared/rules/account-validation';
import { ConfigError, loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { migrate } from '../../db/migrate';
import { describeEmbeddedDatabaseLock } from '../enforcement';
import { generateInitialPassword, upsertPlatformAdmin } from './platform-admins';

const USAGE = `Usage:
  npm run platform-admin -- create EMAIL   a platform admin with a new password (printed once, on the last line);
                                           for an existing admin: a new password, and every session ends`;

class UsageError extends Error {}

/** `npm run platform-admin -- create EMAIL` (docs/decisions/146): the only way a platform admin is made. */
async function main(argv: string[]) {
  const [command, email] = argv;
  if (command !== 'create' || !email) throw new UsageError(USAGE);
  if (!isValidEmail(email.trim())) throw new UsageError(`'${email}' is not an email address.`);
  const config = loadConfig();
  const pgliteDir = `${config.DATA_DIR}/pglite`;
  if (!config.DATABASE_URL) {
    const lock = await describeEmbeddedDatabaseLock(pgliteDir, config.PORT);
    if (lock) throw new UsageError(lock);
  }
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir });
  try {
    await migrate(database.db);
    const password = generateInitialPassword();
    const { row, isNew } = await upsertPlatformAdmin(database.db, email.trim(), password);
    console.log(
      isNew
        ? `Created platform admin ${row.email}.`
        : `Platform admin ${row.email} has a new password; their earlier sessions have ended.`,
    );
    console.log(
      `Sign in at ${new URL('/admin/login', config.publicBaseUrl)} with this password (shown once, not stored):`,
    );
    console.log(password);
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError || error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exitCode = 1;
});
