import { sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import { type Database, queryRows } from '../../db/client';

const BATCH_SIZE = 200;

/**
 * Ends the reservations of unpaid (incomplete) passes whose time ran out: they become 'expired'
 * and stop holding a place. Capacity counting already ignores a lapsed reservation; the sweep makes
 * it final, so a payment arriving later goes through the fulfilment's capacity re-check.
 * SKIP LOCKED lets several server processes sweep at once without waiting on each other or on a
 * payment that is fulfilling the same pass.
 */
export async function releaseExpiredReservations(options: { db: Database; clock: Clock }): Promise<number> {
  let released = 0;
  for (;;) {
    const now = options.clock.now();
    const rows = await queryRows<{ id: string }>(
      options.db,
      sql`
      UPDATE issued_passes SET paid_status = 'expired', reserved_until = NULL, updated_at = ${now}
      WHERE id IN (
        SELECT id FROM issued_passes
        WHERE paid_status = 'incomplete' AND reserved_until <= ${now}
        ORDER BY reserved_until
        LIMIT ${BATCH_SIZE}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id`,
    );
    const count = rows.length;
    released += count;
    if (count < BATCH_SIZE) return released;
  }
}
