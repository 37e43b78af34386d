import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildAppeal,
  buildCitation,
  buildOperator,
  buildPass,
  buildProduct,
  buildScan,
  buildTenant,
} from '../../../../tests/support/factories';
import { pngBytes } from '../../../../tests/support/files';
import { signInOperator } from '../../../../tests/support/sessions';
import { useTestApp } from '../../../../tests/support/test-app';
import { uploadThroughApi } from '../../../../tests/support/uploads';
import { RETENTION_SETTINGS } from '../../../shared/rules';
import { appeals, issuedPasses, patrolScans, permitHolders, tenants, uploads } from '../../db/schema';
import { sweepRetention } from './sweep-retention';

/**
 * Retention (issue 28): per-tenant settings in the console, and the sweep that deletes what is
 * older than them, files through the storage port as well as rows, on the injected clock.
 */
const t = useTestApp({
  seed: {
    tenants: [
      buildTenant({
        subdomain: 'keeping',
        scanRetentionDays: 30,
        patrolPhotoRetentionDays: 10,
        closedAppealPhotoRetentionDays: 20,
        unconfirmedGuestRetentionDays: 5,
        citations: [buildCitation({ citationNumber: 'K1' }), buildCitation({ citationNumber: 'K2' })],
        appeals: [
          buildAppeal({
            citationNumber: 'K1',
            isPending: false,
            isApproved: false,
            responseDate: '2026-10-01T10:00:00Z',
          }),
          buildAppeal({ citationNumber: 'K2' }),
        ],
        scans: [
          buildScan({ clientId: 'old-scan', capturedAt: '2026-10-01T10:00:00Z' }),
          buildScan({ clientId: 'photo-scan', capturedAt: '2026-11-05T10:00:00Z' }),
          buildScan({ clientId: 'new-scan', capturedAt: '2026-11-19T10:00:00Z' }),
        ],
        products: [buildProduct({ name: 'Guest day' })],
        passes: [
          buildPass('Guest day', {
            paidStatus: 'incomplete',
            reservedUntil: '2026-11-10T09:30:00Z',
            issuedOn: '2026-11-10T09:00:00Z',
            expiresAt: '2026-11-11T09:00:00Z',
            permitHolder: { name: 'Gale Guest', email: 'gale@example.com' },
          }),
        ],
        operators: [buildOperator({ email: 'admin@keeping.example', role: 'tenant_admin' })],
      }),
    ],
  },
});

let tenantId: string;
const keys: Record<string, string> = {};

/** A stored upload of `purpose`, attached, answered as its file URL (its key noted under `name`). */
async function storedUpload(name: string, purpose: 'appeal-photo' | 'pass-proof') {
  const { upload } = await uploadThroughApi(t, 'keeping', pngBytes(), { purpose });
  const [row] = await t.db
    .update(uploads)
    .set({ status: 'attached' })
    .where(eq(uploads.id, upload.uploadUUID))
    .returning();
  keys[name] = row!.storageKey;
  return row!;
}

beforeAll(async () => {
  tenantId = (await t.db.select().from(tenants).where(eq(tenants.subdomain, 'keeping')))[0]!.id;
  const decided = await storedUpload('decided', 'appeal-photo');
  const pending = await storedUpload('pending', 'appeal-photo');
  const [k1, k2] = await t.db.select().from(appeals).orderBy(appeals.submissionDate);
  await t.db
    .update(appeals)
    .set({ imageUrls: [decided.fileUrl] })
    .where(eq(appeals.id, k1!.id));
  await t.db
    .update(appeals)
    .set({ imageUrls: [pending.fileUrl] })
    .where(eq(appeals.id, k2!.id));
  // A patrol photo: stored like the others, then marked as the enforcement API does.
  const photo = await storedUpload('patrol', 'pass-proof');
  await t.db.update(uploads).set({ purpose: 'patrol-photo' }).where(eq(uploads.id, photo.id));
  await t.db
    .update(patrolScans)
    .set({ uploadId: photo.id, fullImageUrl: photo.fileUrl })
    .where(eq(patrolScans.clientId, 'photo-scan'));
});

describe('the retention sweep', () => {
  it('deletes only what is older than each setting, files through the storage port', async () => {
    const result = await sweepRetention({ db: t.db, storage: t.storage, now: t.clock.now() });
    expect(result).toEqual({
      scansDeleted: 1,
      patrolPhotosDeleted: 1,
      appealPhotosDeleted: 1,
      guestRecordsErased: 1,
    });

    const scans = await t.db.select().from(patrolScans).where(eq(patrolScans.tenantId, tenantId));
    expect(scans.map((scan) => scan.clientId).sort()).toEqual(['new-scan', 'photo-scan']);
    expect(scans.find((scan) => scan.clientId === 'photo-scan')).toMatchObject({
      uploadId: null,
      fullImageUrl: null,
    });
    expect(await t.storage.inspect(keys.patrol!)).toBeNull();

    expect(await t.storage.inspect(keys.decided!)).toBeNull();
    expect(await t.storage.inspect(keys.pending!)).not.toBeNull();
    const photos = (await t.db.select().from(appeals)).map((appeal) => appeal.imageUrls.length).sort();
    expect(photos).toEqual([0, 1]);

    const [guestPass] = await t.db.select().from(issuedPasses).where(eq(issuedPasses.tenantId, tenantId));
    expect(guestPass).toMatchObject({ customerName: null, customerEmail: null });
    expect(await t.db.select().from(permitHolders).where(eq(permitHolders.passId, guestPass!.id))).toEqual(
      [],
    );

    // A second round finds nothing more to do.
    expect(await sweepRetention({ db: t.db, storage: t.storage, now: t.clock.now() })).toEqual({
      scansDeleted: 0,
      patrolPhotosDeleted: 0,
      appealPhotosDeleted: 0,
      guestRecordsErased: 0,
    });
  });
});

describe('retention settings in the console', () => {
  it('are read and changed with the other settings, and refused outside 1 to 3650 days (400)', async () => {
    const admin = await signInOperator(t, 'keeping', 'admin@keeping.example');
    const read = await t.request('keeping', {
      method: 'GET',
      url: '/api/v1/dashboard/settings',
      headers: { authorization: admin },
    });
    expect(read.json()).toMatchObject({ scanRetentionDays: 30, unconfirmedGuestRetentionDays: 5 });
    const { subdomain: _subdomain, logoVersion: _logoVersion, serviceFeeCents: _fee, ...body } = read.json();
    const save = (changes: Record<string, unknown>) =>
      t.request('keeping', {
        method: 'PUT',
        url: '/api/v1/dashboard/settings',
        headers: { authorization: admin },
        payload: { ...body, ...changes },
      });
    expect((await save({ scanRetentionDays: 0 })).statusCode).toBe(400);
    expect((await save({ patrolPhotoRetentionDays: 3651 })).statusCode).toBe(400);
    const saved = await save({ scanRetentionDays: RETENTION_SETTINGS.scanRetentionDays });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ scanRetentionDays: 365, patrolPhotoRetentionDays: 10 });
  });
});
