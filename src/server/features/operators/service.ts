import type { Locale } from '../../../shared/i18n/locales';
import { operatorMessages } from '../../../shared/messages';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { TenantRow } from '../../db/schema';
import { unauthorized } from '../../errors';
import { hashPassword, signAccessToken, verifyPassword } from '../auth';
import { findOperatorByEmail } from './queries';

/** Verified against when the email is unknown, so both failures take the same time. */
let decoyHash: Promise<string> | null = null;

/**
 * Signs an operator in on the host's tenant: a JWT with the operator role, audience the tenant.
 * Unknown email and wrong password are the same 401.
 */
export async function signInOperator(options: {
  db: Database;
  config: Config;
  clock: Clock;
  tenant: TenantRow;
  email: string;
  password: string;
}): Promise<{ jwtToken: string; uuid: string; fullname: string; language: Locale | null }> {
  const email = options.email.trim().toLowerCase();
  const operator = email ? await findOperatorByEmail(options.db, options.tenant.id, email) : null;
  // Unknown, invited (no password yet) and disabled operators are all a wrong password, after
  // the same hashing work, so the answer does not tell an outsider which addresses exist.
  decoyHash ??= hashPassword('decoy password that never matches');
  const storedHash = operator?.passwordHash ?? (await decoyHash);
  const isMatch = await verifyPassword(storedHash, options.password);
  if (!operator?.passwordHash || operator.disabledAt || !isMatch) {
    throw unauthorized(operatorMessages.loginFailed);
  }
  const jwtToken = await signAccessToken(
    options.config,
    {
      subject: operator.id,
      subdomain: options.tenant.subdomain,
      role: 'operator',
      version: operator.tokenVersion,
    },
    { now: options.clock.now() },
  );
  // The saved language only where the tenant still offers it: the console then opens in it.
  const language =
    operator.language && options.tenant.languages.includes(operator.language) ? operator.language : null;
  return { jwtToken, uuid: operator.id, fullname: operator.fullname, language };
}
