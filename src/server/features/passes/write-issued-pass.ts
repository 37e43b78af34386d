import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { queryNamedRows } from '../../db/named-statements';
import { issuedPasses, passVehicles, permitHolders } from '../../db/schema';
import { lockProductStatement } from './queries';

type NewPass = typeof issuedPasses.$inferInsert;
type NewHolder = typeof permitHolders.$inferInsert;
type NewVehicle = typeof passVehicles.$inferInsert;

/** The product as its lock found it: what the count of its places needs. */
export interface LockedProduct {
  capacity: number | null;
  hasWaitlist: boolean;
}

/**
 * Writes a new pass with its holder, its vehicle and its email in the outbox in ONE statement
 * (decision 247): each statement is a round trip, parsed and planned, and on a busy machine a
 * wake-up of both processes. With `lock`, the same statement takes the product's row lock, so
 * the count of its places, the transaction's next statement, sees every issue that held the
 * lock before it (a statement's snapshot is taken when it starts, decision 233); it answers the
 * product as locked, or null when the product is gone (archived meanwhile).
 *
 * The rows are independent inserts: none reads another's output, so the order in which
 * PostgreSQL runs the parts of a WITH does not matter, and the foreign keys to the pass are
 * checked at the end of the statement, when the pass is there.
 */
export async function writeIssuedPass(
  tx: Transaction,
  rows: {
    pass: NewPass & { id: string; customerPermitId: string };
    holder: NewHolder | null;
    vehicle: NewVehicle | null;
    email: SQLWrapper | null;
    lock: { tenantId: string; productId: string } | null;
  },
): Promise<LockedProduct | null> {
  // Drizzle writes each builder embedded in SQL in parentheses: `name as (insert ...)`.
  const parts: SQL[] = [sql`pass as ${tx.insert(issuedPasses).values(rows.pass)}`];
  if (rows.holder) parts.push(sql`holder as ${tx.insert(permitHolders).values(rows.holder)}`);
  if (rows.vehicle) parts.push(sql`vehicle as ${tx.insert(passVehicles).values(rows.vehicle)}`);
  if (rows.email) parts.push(sql`email as ${rows.email}`);
  if (!rows.lock) {
    await queryNamedRows(tx, sql`with ${sql.join(parts, sql`, `)} select 1`);
    return null;
  }
  parts.push(sql`locked as ${lockProductStatement(tx, rows.lock.tenantId, rows.lock.productId)}`);
  const [locked] = await queryNamedRows<{ capacity: number | null; has_waitlist: boolean }>(
    tx,
    sql`with ${sql.join(parts, sql`, `)} select capacity, has_waitlist from locked`,
  );
  return locked ? { capacity: locked.capacity, hasWaitlist: locked.has_waitlist } : null;
}
