import { and, asc, inArray, lt, ne } from 'drizzle-orm';
import type { StoragePort } from '../../adapters/storage/storage-port';
import type { Database } from '../../db/client';
import { uploads } from '../../db/schema';

/** An upload no record has taken within an hour was abandoned (the form was left, or abused). */
export const ABANDONED_UPLOAD_AGE_MS = 60 * 60_000;
const BATCH = 100;

/**
 * Deletes uploads that no record uses and that are older than an hour: the object through the
 * storage port (local disk or bucket), then the row. Rows are taken with FOR UPDATE SKIP LOCKED,
 * so several server processes sweeping at once never take the same row, and an appeal attaching
 * a photo at that moment either waits for the sweep or takes it first. Removing an object is
 * idempotent, so a sweep that dies half-way is simply finished by the next one. Driven by the
 * caller's clock, so tests move time instead of waiting. Answers how many were deleted.
 */
export async function sweepAbandonedUploads(options: {
  db: Database;
  storage: StoragePort;
  now: Date;
}): Promise<number> {
  const cutoff = new Date(options.now.getTime() - ABANDONED_UPLOAD_AGE_MS);
  let deleted = 0;
  for (;;) {
    const count = await options.db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: uploads.id, storageKey: uploads.storageKey })
        .from(uploads)
        .where(and(ne(uploads.status, 'attached'), lt(uploads.createdAt, cutoff)))
        .orderBy(asc(uploads.createdAt))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      for (const row of rows) await options.storage.remove(row.storageKey);
      if (rows.length) {
        await tx.delete(uploads).where(
          inArray(
            uploads.id,
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
