import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';

const SECRET_FILE = 'jwt-secret';
const keys = new Map<string, Uint8Array>();

/**
 * The HMAC key of the access tokens. Production must configure JWT_SECRET (config refuses to start
 * without it). Elsewhere a random key is created once in DATA_DIR and reused, so restarting a
 * development server does not sign everybody out; `wx` makes two processes starting together
 * agree on one key instead of overwriting each other's.
 */
export function resolveJwtKey(config: Pick<Config, 'JWT_SECRET' | 'DATA_DIR'>): Uint8Array {
  if (config.JWT_SECRET) return new TextEncoder().encode(config.JWT_SECRET);
  const file = path.resolve(config.DATA_DIR, SECRET_FILE);
  const cached = keys.get(file);
  if (cached) return cached;
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${file} holds a key shorter than 32 characters; delete it.`);
  const key = new TextEncoder().encode(secret);
  keys.set(file, key);
  return key;
}
