import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { StoragePort } from '../../adapters/storage/storage-port';
import type { Database, Transaction } from '../../db/client';
import {
  appealMessages,
  appeals,
  issuedPasses,
  passEmailVerifications,
  patrolScans,
  permitHolders,
  type TenantRow,
  tenants,
  uploads,
} from '../../db/schema';
import { inIds } from './person-scope';

const DAY_MS = 24 * 60 * 60_000;
/** Retention is counted in days: an hourly round is soon enough and costs little. */
export const RETENTION_SWEEP_INTERVAL_MS = 60 * 60_000;
/** Rows handled per statement: a first sweep over years of scans stays in small transactions. */
const BATCH = 500;

export interface RetentionSweepResult {
  scansDeleted: number;
  patrolPhotosDeleted: number;
  appealPhotosDeleted: number;
  guestRecordsErased: number;
}

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/**
 * Removes the files behind the uploads `ids` through the storage port, then their rows. The rows
 * are locked and skipped when another sweep holds them; removing is idempotent, so a sweep that
 * dies half-way is finished by the next.
 */
async function deleteUploads(tx: Transaction, storage: StoragePort, where: ReturnType<typeof and>) {
  const rows = await tx
    .select({ id: uploads.id, storageKey: uploads.storageKey })
    .from(uploads)
    .where(where)
    .for('update', { skipLocked: true });
  for (const row of rows) await storage.remove(row.storageKey);
  await tx.delete(uploads).where(
    inIds(
      uploads.id,
      rows.map((row) => row.id),
    ),
  );
  return rows.length;
}

/** Scans older than the tenant's scan retention go, with their photos. */
async function sweepScans(db: Database, storage: StoragePort, tenant: TenantRow, now: Date) {
  const cutoff = daysBefore(now, tenant.scanRetentionDays);
  let deleted = 0;
  for (;;) {
    const count = await db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: patrolScans.id, uploadId: patrolScans.uploadId })
        .from(patrolScans)
        .where(and(eq(patrolScans.tenantId, tenant.id), lt(patrolScans.capturedAt, cutoff)))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return 0;
      await tx.delete(patrolScans).where(
        inIds(
          patrolScans.id,
          rows.map((row) => row.id),
        ),
      );
      const uploadIds = rows.flatMap((row) => (row.uploadId ? [row.uploadId] : []));
      await deleteUploads(tx, storage, and(eq(uploads.tenantId, tenant.id), inIds(uploads.id, uploadIds)));
      return rows.length;
    });
    deleted += count;
    if (count < BATCH) return deleted;
  }
}

/** Photos of scans older than the photo retention go; the scan keeps its plate, time and place. */
async function sweepPatrolPhotos(db: Database, storage: StoragePort, tenant: TenantRow, now: Date) {
  const cutoff = daysBefore(now, tenant.patrolPhotoRetentionDays);
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: patrolScans.id, uploadId: patrolScans.uploadId })
      .from(patrolScans)
      .where(
        and(
          eq(patrolScans.tenantId, tenant.id),
          lt(patrolScans.capturedAt, cutoff),
          or(isNotNull(patrolScans.uploadId), isNotNull(patrolScans.fullImageUrl)),
        ),
      )
      .for('update', { skipLocked: true });
    await tx
      .update(patrolScans)
      .set({ uploadId: null, fullImageUrl: null })
      .where(
        inIds(
          patrolScans.id,
          rows.map((row) => row.id),
        ),
      );
    const uploadIds = rows.flatMap((row) => (row.uploadId ? [row.uploadId] : []));
    await deleteUploads(tx, storage, and(eq(uploads.tenantId, tenant.id), inIds(uploads.id, uploadIds)));
    return rows.length;
  });
}

/** Photos of appeals decided longer ago than the tenant's retention go, the thread's too. */
async function sweepClosedAppealPhotos(db: Database, storage: StoragePort, tenant: TenantRow, now: Date) {
  const cutoff = daysBefore(now, tenant.closedAppealPhotoRetentionDays);
  return db.transaction(async (tx) => {
    const decided = await tx
      .select({ id: appeals.id, imageUrls: appeals.imageUrls })
      .from(appeals)
      .where(
        and(eq(appeals.tenantId, tenant.id), eq(appeals.isPending, false), lt(appeals.responseDate, cutoff)),
      )
      .for('update', { skipLocked: true });
    const appealIds = decided.map((row) => row.id);
    const messages = await tx
      .select({ imageUrls: appealMessages.imageUrls })
      .from(appealMessages)
      .where(inIds(appealMessages.appealId, appealIds));
    const fileUrls = [
      ...decided.flatMap((row) => row.imageUrls),
      ...messages.flatMap((row) => row.imageUrls),
    ];
    if (fileUrls.length === 0) return 0;
    await tx.update(appeals).set({ imageUrls: [] }).where(inIds(appeals.id, appealIds));
    await tx.update(appealMessages).set({ imageUrls: [] }).where(inIds(appealMessages.appealId, appealIds));
    return deleteUploads(
      tx,
      storage,
      and(eq(uploads.tenantId, tenant.id), inArray(uploads.fileUrl, fileUrls)),
    );
  });
}

/**
 * A guest's details never confirmed: email links never followed go, and a guest pass never paid
 * for loses its holder and contact (the pass row stays, its number having been handed out).
 */
async function sweepUnconfirmedGuests(db: Database, tenant: TenantRow, now: Date) {
  const cutoff = daysBefore(now, tenant.unconfirmedGuestRetentionDays);
  return db.transaction(async (tx) => {
    const links = await tx
      .delete(passEmailVerifications)
      .where(
        and(
          eq(passEmailVerifications.tenantId, tenant.id),
          isNull(passEmailVerifications.usedAt),
          lt(passEmailVerifications.createdAt, cutoff),
        ),
      )
      .returning({ id: passEmailVerifications.id });
    const unpaidGuestPasses = await tx
      .update(issuedPasses)
      .set({ customerName: null, customerEmail: null, customFormFields: sql`'[]'::jsonb`, updatedAt: now })
      .where(
        and(
          eq(issuedPasses.tenantId, tenant.id),
          isNull(issuedPasses.customerId),
          eq(issuedPasses.paidStatus, 'incomplete'),
          lt(issuedPasses.issuedOn, cutoff),
          or(isNotNull(issuedPasses.customerEmail), isNotNull(issuedPasses.customerName)),
        ),
      )
      .returning({ id: issuedPasses.id });
    await tx.delete(permitHolders).where(
      inIds(
        permitHolders.passId,
        unpaidGuestPasses.map((row) => row.id),
      ),
    );
    return links.length + unpaidGuestPasses.length;
  });
}

/**
 * The retention sweep (docs/privacy.md): for each tenant, deletes what is older than its
 * retention settings — scans, patrol photos, decided appeals' photos, unconfirmed guest data —
 * files through the storage port as well as rows. Safe to run in several processes at once (rows
 * locked and skipped); time from the caller's clock, so tests move time instead of waiting.
 */
export async function sweepRetention(options: {
  db: Database;
  storage: StoragePort;
  now: Date;
}): Promise<RetentionSweepResult> {
  const result: RetentionSweepResult = {
    scansDeleted: 0,
    patrolPhotosDeleted: 0,
    appealPhotosDeleted: 0,
    guestRecordsErased: 0,
  };
  const { db, storage, now } = options;
  for (const tenant of await db.select().from(tenants)) {
    result.scansDeleted += await sweepScans(db, storage, tenant, now);
    result.patrolPhotosDeleted += await sweepPatrolPhotos(db, storage, tenant, now);
    result.appealPhotosDeleted += await sweepClosedAppealPhotos(db, storage, tenant, now);
    result.guestRecordsErased += await sweepUnconfirmedGuests(db, tenant, now);
  }
  return result;
}
