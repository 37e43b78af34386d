import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { ServerErrorCode } from '../../../shared/contract';
import {
  type CreateUploadBody,
  type CreateUploadResponse,
  MAX_UPLOAD_BYTES,
  PURPOSE_CONTENT_TYPES,
  type StoredUpload,
  UPLOAD_TYPES,
  type UploadContentType,
  type UploadPurpose,
} from '../../../shared/contract/uploads';
import { fillMessage } from '../../../shared/messages/fill';
import { CONTENT_TYPE_NAMES, UPLOAD_PURPOSE_NOUNS, uploadMessages } from '../../../shared/messages/uploads';
import { matchesContentType } from '../../adapters/storage/file-signature';
import { createStorageKey } from '../../adapters/storage/storage-keys';
import type { StoragePort } from '../../adapters/storage/storage-port';
import type { Database, Transaction } from '../../db/client';
import { type TenantRow, type UploadRow, uploads } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../errors';
import { findUpload, findUploadsByUrl } from './queries';

/** A name with a slash, a backslash, a NUL or a leading dot could address something else: refuse it. */
function isPathLike(fileName: string): boolean {
  return /[/\\\0]/.test(fileName) || fileName.startsWith('.') || fileName.includes('..');
}

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

const rejected = (code: ServerErrorCode, message: string) => new AppError(400, code, message);

/**
 * Hands the browser a short-lived place to put one file. The key is ours (tenant prefix, random
 * name, the user's extension); the storage enforces the size limit and the type.
 */
/** The refusal of a type a purpose does not take, naming exactly the types it does ('JPEG, PNG or WebP'). */
export function unsupportedTypeMessage(purpose: UploadPurpose): string {
  const names = PURPOSE_CONTENT_TYPES[purpose].map((type) => CONTENT_TYPE_NAMES[type] ?? type);
  const types = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '');
  return fillMessage(uploadMessages.unsupportedType, { types, what: UPLOAD_PURPOSE_NOUNS[purpose] });
}

export async function issueUpload(options: {
  db: Database;
  storage: StoragePort;
  tenant: TenantRow;
  /** Any purpose: the public route's schema admits only the public ones (patrol photos come through the enforcement API). */
  request: Omit<CreateUploadBody, 'purpose'> & { purpose: UploadPurpose };
  now: Date;
  ttlSeconds: number;
  /** UPLOAD_UNATTACHED_BYTES_PER_TENANT. */
  maxUnattachedBytes: number;
}): Promise<CreateUploadResponse> {
  const { purpose, fileName, size } = options.request;
  const contentType = options.request.contentType.trim().toLowerCase();
  const allowed = PURPOSE_CONTENT_TYPES[purpose] as readonly string[];
  if (!allowed.includes(contentType)) {
    throw rejected('unsupported_type', unsupportedTypeMessage(purpose));
  }
  if (isPathLike(fileName)) throw rejected('bad_file_name', uploadMessages.pathLikeName);
  const extension = extensionOf(fileName);
  if (!(UPLOAD_TYPES[contentType as UploadContentType] as readonly string[]).includes(extension)) {
    throw rejected('bad_file_name', uploadMessages.extensionMismatch);
  }
  if (size > MAX_UPLOAD_BYTES) throw rejected('file_too_large', uploadMessages.tooLarge);

  const key = createStorageKey(options.tenant.id, purpose, extension);
  const expiresAt = new Date(options.now.getTime() + options.ttlSeconds * 1000);
  // The storage takes the declared size and not a byte more (local URL, S3 policy).
  const target = await options.storage.createUploadTarget({
    key,
    contentType,
    size,
    maxBytes: size,
    expiresAt,
  });
  const fileUrl = options.storage.readUrl(key);
  const row = await options.db.transaction(async (tx) => {
    await assertRoomForUpload(tx, options.tenant.id, size, options.maxUnattachedBytes);
    const [inserted] = await tx
      .insert(uploads)
      // Until the file is confirmed, `size` holds what was declared: the most it can be.
      .values({
        tenantId: options.tenant.id,
        purpose,
        storageKey: key,
        fileUrl,
        contentType,
        size,
        expiresAt,
        createdAt: options.now,
      })
      .returning({ id: uploads.id });
    return inserted!;
  });
  return { uploadUUID: row.id, target, fileUrl, maxBytes: size, expiresAt: expiresAt.toISOString() };
}

/**
 * A tenant's uploads that no record uses yet may hold at most `maxBytes` together (declared
 * sizes until confirmed), so nobody fills the disk or the bucket with files they never attach.
 * A per-tenant advisory lock makes concurrent requests take their turn, on any number of servers.
 */
async function assertRoomForUpload(tx: Transaction, tenantId: string, size: number, maxBytes: number) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`uploads:${tenantId}`}))`);
  const [held] = await tx
    .select({ bytes: sql<string>`coalesce(sum(${uploads.size}), 0)` })
    .from(uploads)
    .where(and(eq(uploads.tenantId, tenantId), ne(uploads.status, 'attached')));
  if (Number(held?.bytes ?? 0) + size > maxBytes) {
    throw new AppError(429, 'too_many_uploads', uploadMessages.tooManyWaiting);
  }
}

function toStoredUpload(row: UploadRow): StoredUpload {
  return { uploadUUID: row.id, fileUrl: row.fileUrl, contentType: row.contentType, size: row.size ?? 0 };
}

/**
 * Checks what arrived for an issued upload: there, within the limit, and really of its type by its
 * first bytes. A bad file is deleted from storage and its record dropped, so nothing bad is kept.
 */
async function verifyStoredFile(
  db: Database,
  storage: StoragePort,
  row: UploadRow,
  now: Date,
): Promise<UploadRow> {
  if (row.status !== 'issued') return row;
  const object = await storage.inspect(row.storageKey);
  if (!object) throw rejected('upload_missing', uploadMessages.notArrived);
  const problem =
    object.size > MAX_UPLOAD_BYTES
      ? rejected('file_too_large', uploadMessages.tooLarge)
      : object.size === 0
        ? rejected('file_empty', uploadMessages.empty)
        : !matchesContentType(object.head, row.contentType)
          ? rejected(
              'content_mismatch',
              fillMessage(uploadMessages.contentMismatch, {
                type: CONTENT_TYPE_NAMES[row.contentType] ?? row.contentType,
              }),
            )
          : null;
  if (problem) {
    await storage.remove(row.storageKey);
    await db.delete(uploads).where(eq(uploads.id, row.id));
    throw problem;
  }
  const [stored] = await db
    .update(uploads)
    .set({ status: 'stored', size: object.size, storedAt: now })
    .where(and(eq(uploads.id, row.id), eq(uploads.status, 'issued')))
    .returning();
  // Another request confirmed it meanwhile: that answer stands.
  return stored ?? (await findUpload(db, row.tenantId, row.id)) ?? row;
}

export async function confirmUpload(options: {
  db: Database;
  storage: StoragePort;
  tenant: TenantRow;
  uploadId: string;
  now: Date;
}): Promise<StoredUpload> {
  const row = await findUpload(options.db, options.tenant.id, options.uploadId);
  if (!row) throw notFound('Upload');
  return toStoredUpload(await verifyStoredFile(options.db, options.storage, row, options.now));
}

/**
 * Makes sure every URL is a file this tenant's storage issued for this purpose and that it has
 * arrived intact (confirming it now if the browser did not). Messages number the photos from 1.
 */
export async function verifyUploadUrls(options: {
  db: Database;
  storage: StoragePort;
  tenant: TenantRow;
  purpose: UploadPurpose;
  fileUrls: string[];
  now: Date;
}): Promise<void> {
  if (new Set(options.fileUrls).size !== options.fileUrls.length) {
    throw badRequest(uploadMessages.duplicatePhoto);
  }
  const rows = await findUploadsByUrl(options.db, options.tenant.id, options.fileUrls);
  for (const [index, url] of options.fileUrls.entries()) {
    const row = rows.find((candidate) => candidate.fileUrl === url && candidate.purpose === options.purpose);
    const n = String(index + 1);
    if (!row) throw rejected('foreign_upload', fillMessage(uploadMessages.notFromThisPortal, { n }));
    if (row.status === 'attached')
      throw rejected('upload_in_use', fillMessage(uploadMessages.alreadyAttached, { n }));
    await verifyStoredFile(options.db, options.storage, row, options.now);
  }
}

/**
 * Marks verified uploads as used by a record, in the record's transaction. Locks them first, so two
 * appeals racing for the same photo cannot both take it.
 */
export async function attachUploads(
  tx: Transaction,
  options: { tenantId: string; purpose: UploadPurpose; fileUrls: string[] },
): Promise<void> {
  if (options.fileUrls.length === 0) return;
  const rows = await findUploadsByUrl(tx, options.tenantId, options.fileUrls, { forUpdate: true });
  for (const [index, url] of options.fileUrls.entries()) {
    const row = rows.find((candidate) => candidate.fileUrl === url && candidate.purpose === options.purpose);
    const n = String(index + 1);
    if (!row) throw rejected('foreign_upload', fillMessage(uploadMessages.notFromThisPortal, { n }));
    if (row.status !== 'stored') {
      throw rejected('upload_in_use', fillMessage(uploadMessages.alreadyAttached, { n }));
    }
  }
  await tx
    .update(uploads)
    .set({ status: 'attached' })
    .where(
      inArray(
        uploads.id,
        rows.map((row) => row.id),
      ),
    );
}
