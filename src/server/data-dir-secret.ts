import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const secrets = new Map<string, string>();

/**
 * A random secret created once in DATA_DIR and reused, for keys a development server may make up
 * itself (production sets them). `wx` makes two processes starting together agree on one key
 * instead of overwriting each other's.
 */
export function readOrCreateSecret(dataDir: string, fileName: string): string {
  const file = path.resolve(dataDir, fileName);
  const cached = secrets.get(file);
  if (cached) return cached;
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${file} holds a key shorter than 32 characters; delete it.`);
  secrets.set(file, secret);
  return secret;
}
