import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { passWaitlistEntries, type WaitlistEntryRow } from '../../db/schema';

type Reader = Database | Transaction;

/** The order of the line: position, then who joined first. */
export const lineOrder = [
  asc(passWaitlistEntries.position),
  asc(passWaitlistEntries.joinedAt),
  asc(passWaitlistEntries.id),
] as const;

/** The people waiting on a product's list, in order (rank 1 first). */
export function listWaiting(db: Reader, tenantId: string, productId: string): Promise<WaitlistEntryRow[]> {
  return db
    .select()
    .from(passWaitlistEntries)
    .where(
      and(
        eq(passWaitlistEntries.tenantId, tenantId),
        eq(passWaitlistEntries.productId, productId),
        eq(passWaitlistEntries.status, 'waiting'),
      ),
    )
    .orderBy(...lineOrder);
}

/** A waiting entry's rank (1 is next); null when it is not waiting. */
export async function rankOf(db: Reader, entry: WaitlistEntryRow): Promise<number | null> {
  if (entry.status !== 'waiting') return null;
  const [row] = await db
    .select({ ahead: sql<number>`count(*)::int` })
    .from(passWaitlistEntries)
    .where(
      and(
        eq(passWaitlistEntries.tenantId, entry.tenantId),
        eq(passWaitlistEntries.productId, entry.productId),
        eq(passWaitlistEntries.status, 'waiting'),
        sql`(${passWaitlistEntries.position}, ${passWaitlistEntries.joinedAt}, ${passWaitlistEntries.id}) < (${entry.position}, ${entry.joinedAt.toISOString()}::timestamptz, ${entry.id}::uuid)`,
      ),
    );
  return (row?.ahead ?? 0) + 1;
}

/** The person's entry on a product's list while on it (waiting or offered), by email. */
export async function findActiveEntry(
  db: Reader,
  options: { tenantId: string; productId: string; email: string },
): Promise<WaitlistEntryRow | null> {
  const [row] = await db
    .select()
    .from(passWaitlistEntries)
    .where(
      and(
        eq(passWaitlistEntries.tenantId, options.tenantId),
        eq(passWaitlistEntries.productId, options.productId),
        sql`lower(${passWaitlistEntries.email}) = lower(${options.email})`,
        inArray(passWaitlistEntries.status, ['waiting', 'offered']),
      ),
    );
  return row ?? null;
}
