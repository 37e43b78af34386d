import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { appeals, uploads } from '../../db/schema';

const BATCH = 100;

/**
 * Deletes appeals whose confirmation link expired unused: they never counted, and they hold an
 * anonymous party's personal data for nothing. Their photos go back to unattached, so the sweep
 * of abandoned uploads deletes them too. FOR UPDATE SKIP LOCKED lets several processes sweep at
 * once; a confirmation racing the sweep either locks the row first (and keeps it) or finds it gone.
 * Answers how many were deleted.
 */
export async function sweepUnconfirmedAppeals(options: { db: Database; now: Date }): Promise<number> {
  let deleted = 0;
  for (;;) {
    const count = await options.db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: appeals.id, tenantId: appeals.tenantId, imageUrls: appeals.imageUrls })
        .from(appeals)
        .where(lt(appeals.unconfirmedUntil, options.now))
        .orderBy(asc(appeals.unconfirmedUntil))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      for (const row of rows) {
        if (row.imageUrls.length === 0) continue;
        await tx
          .update(uploads)
          .set({ status: 'stored' })
          .where(and(eq(uploads.tenantId, row.tenantId), inArray(uploads.fileUrl, row.imageUrls)));
      }
      if (rows.length) {
        await tx.delete(appeals).where(
          inArray(
            appeals.id,
            rows.map((row) => row.id),
          ),
        );
      }
      return rows.length;
    });
    deleted += count;
    if (count < BATCH) return deleted;
  }
}
