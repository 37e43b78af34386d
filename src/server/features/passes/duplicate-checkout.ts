import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { canonicalPlate } from '../../../shared/rules/plates';
import type { Transaction } from '../../db/client';
import { issuedPasses, passVehicles } from '../../db/schema';

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
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${lockKey}, 0))`);
  const windowMs = options.windowSeconds * 1000;
  const candidates = await tx
    .select({
      id: issuedPasses.id,
      paidStatus: issuedPasses.paidStatus,
      issuedOn: issuedPasses.issuedOn,
      plate: passVehicles.plate,
    })
    .from(issuedPasses)
    .innerJoin(
      passVehicles,
      and(
        eq(passVehicles.passId, issuedPasses.id),
        eq(passVehicles.tenantId, issuedPasses.tenantId),
        eq(passVehicles.isPrimary, true),
      ),
    )
    .where(
      and(
        eq(issuedPasses.tenantId, identity.tenantId),
        eq(issuedPasses.productId, identity.productId),
        sql`lower(${issuedPasses.customerEmail}) = ${email}`,
        gte(issuedPasses.createdAt, new Date(options.now.getTime() - windowMs)),
        inArray(issuedPasses.paidStatus, ['paid', 'waiting', 'incomplete']),
      ),
    );
  const earlier = candidates.find(
    (pass) =>
      canonicalPlate(pass.plate) === plate &&
      Math.abs(pass.issuedOn.getTime() - identity.start.getTime()) <= windowMs,
  );
  return earlier ? { id: earlier.id, paidStatus: earlier.paidStatus as EarlierPass['paidStatus'] } : null;
}
