import { sql } from 'drizzle-orm';
import { canonicalPlate } from '../../../shared/rules/plates';
import type { Transaction } from '../../db/client';
import { queryNamedRows } from '../../db/named-statements';

/** What makes two checkouts the same one, when no Idempotency-Key says so (decision 176). */
export interface CheckoutIdentity {
  tenantId: string;
  productId: string;
  email: string | null;
  plate: string | null;
  start: Date;
}

/** A pass this checkout already made: answered again instead of a second one. */
export interface EarlierPass {
  id: string;
  paidStatus: 'paid' | 'waiting' | 'incomplete';
}

/**
 * Finds the pass an identical checkout made within the last `windowSeconds`: the same email,
 * product and plate (canonical form) and a start within the window of this one. It first takes
 * a transaction-scoped advisory lock on that identity, so of identical checkouts racing, the
 * later ones wait for the first to commit and then find its pass; different checkouts never wait.
 * Answers null when the request names no email or plate (nothing to recognise it by).
 */
export async function findEarlierIdenticalCheckout(
  tx: Transaction,
  identity: CheckoutIdentity,
  options: { now: Date; windowSeconds: number },
): Promise<EarlierPass | null> {
  const email = identity.email?.trim().toLowerCase();
  const plate = canonicalPlate(identity.plate);
  if (!email || !plate || options.windowSeconds <= 0) return null;
  const lockKey = JSON.stringify([identity.tenantId, identity.productId, email, plate]);
  const windowMs = options.windowSeconds * 1000;
  // The lock and the read in one round trip (migration 1320, decision 247): the function's read
  // takes its snapshot after the lock is granted, as a second statement here did.
  const candidates = await queryNamedRows<{
    id: string;
    paid_status: string;
    issued_on: Date | string;
    plate: string;
  }>(
    tx,
    sql`select id, paid_status, issued_on, plate from checkout_earlier_passes(
          ${lockKey}, ${identity.tenantId}, ${identity.productId}, ${email},
          ${new Date(options.now.getTime() - windowMs).toISOString()}::timestamptz)`,
  );
  const earlier = candidates.find(
    (pass) =>
      canonicalPlate(pass.plate) === plate &&
      Math.abs(new Date(pass.issued_on).getTime() - identity.start.getTime()) <= windowMs,
  );
  return earlier ? { id: earlier.id, paidStatus: earlier.paid_status as EarlierPass['paidStatus'] } : null;
}
