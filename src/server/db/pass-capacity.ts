import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from './client';
import { issuedPasses } from './schema';

/**
 * Whether a pass holds one of its product's places at `now` (docs/decisions/090): valid and not
 * expired, waiting for approval, or unpaid with its reservation still running. Capacity checks
 * (issuing a pass, the sold-out state, loading fixtures) all count with this one condition.
 */
export function holdsCapacityPlace(now: Date): SQL {
  const at = now.toISOString();
  return sql`(
    (${issuedPasses.paidStatus} = 'paid' AND ${issuedPasses.expiresAt} > ${at})
    OR ${issuedPasses.paidStatus} = 'waiting'
    OR (${issuedPasses.paidStatus} = 'incomplete' AND ${issuedPasses.reservedUntil} > ${at})
  )`;
}

/** How many passes of a product hold a place at `now`. */
export async function countPassesHoldingPlace(
  db: Database | Transaction,
  options: { tenantId: string; productId: string; now: Date },
): Promise<number> {
  const [row] = await db
    .select({ holding: sql<number>`count(*)::int` })
    .from(issuedPasses)
    .where(
      and(
        eq(issuedPasses.tenantId, options.tenantId),
        eq(issuedPasses.productId, options.productId),
        holdsCapacityPlace(options.now),
      ),
    );
  return Number(row?.holding ?? 0);
}
