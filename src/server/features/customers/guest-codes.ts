import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { type CustomerRow, customers } from '../../db/schema';
import { isUniqueViolation } from './queries';

/** No 0/O or 1/I: guests read these codes aloud and type them on phones. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 6;

export function generateGuestCode(): string {
  return Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}

/** Gives the account a fresh guest code, unique on its tenant (retrying the rare collision). */
export async function rotateGuestCode(
  db: Database | Transaction,
  customer: CustomerRow,
): Promise<CustomerRow> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const [row] = await db
        .update(customers)
        .set({ guestCode: generateGuestCode() })
        .where(eq(customers.id, customer.id))
        .returning();
      if (!row) throw new Error('The customer disappeared while its guest code changed.');
      return row;
    } catch (error) {
      if (attempt < 5 && isUniqueViolation(error, 'customers_tenant_guest_code_key')) continue;
      throw error;
    }
  }
}

/**
 * For the pass checkout: a guest used this code. Returns the account that issued it, and gives
 * that account a new code in the same transaction, so each code works once ("This code will
 * automatically update after each use"). Null when no account of the tenant has the code.
 */
export async function consumeGuestCode(
  tx: Transaction,
  options: { tenantId: string; code: string },
): Promise<CustomerRow | null> {
  const [owner] = await tx
    .select()
    .from(customers)
    .where(
      and(
        eq(customers.tenantId, options.tenantId),
        eq(customers.guestCode, options.code.replace(/\s+/g, '').toUpperCase()),
        eq(customers.isGuestCodesActive, true),
      ),
    )
    .for('update');
  if (!owner) return null;
  await rotateGuestCode(tx, owner);
  return owner;
}
