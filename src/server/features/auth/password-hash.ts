import { hash, verify } from '@node-rs/argon2';

/** argon2id at OWASP's minimum parameters or above: 19 MiB of memory, 2 iterations, 1 lane. */
const ARGON2_OPTIONS = {
  algorithm: 2 /* Argon2id */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** False for a wrong password and for a malformed stored hash alike. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/**
 * The two as one object, which the services call through: a test can count the hashes a request
 * computes (`vi.spyOn(passwords, 'hash')`) even when modules are shared between test files.
 */
export const passwords = { hash: hashPassword, verify: verifyPassword };
