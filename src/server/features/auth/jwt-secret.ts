import type { Config } from '../../config';
import { readOrCreateSecret } from '../../data-dir-secret';

const SECRET_FILE = 'jwt-secret';

/**
 * The HMAC key of the access tokens. Production must configure JWT_SECRET (config refuses to start
 * without it). Elsewhere a random key is created once in DATA_DIR and reused, so restarting a
 * development server does not sign everybody out.
 */
export function resolveJwtKey(config: Pick<Config, 'JWT_SECRET' | 'DATA_DIR'>): Uint8Array {
  return new TextEncoder().encode(config.JWT_SECRET ?? readOrCreateSecret(config.DATA_DIR, SECRET_FILE));
}
