import { randomInt } from 'node:crypto';

/**
 * A short public number for people to quote (an account number, a pass number): nine digits,
 * random, so it reveals nothing about how many there are. Unique per tenant by a database key;
 * callers retry on the rare collision.
 */
export function newPublicId(): string {
  return String(randomInt(100_000_000, 1_000_000_000));
}
