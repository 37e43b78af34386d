import { and, eq, inArray } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { type UploadRow, uploads } from '../../db/schema';

export async function findUpload(
  db: Database,
  tenantId: string,
  uploadId: string,
): Promise<UploadRow | null> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.tenantId, tenantId), eq(uploads.id, uploadId)));
  return row ?? null;
}

export async function findUploadsByUrl(
  db: Database | Transaction,
  tenantId: string,
  fileUrls: string[],
  options: { forUpdate?: boolean } = {},
): Promise<UploadRow[]> {
  if (fileUrls.length === 0) return [];
  const query = db
    .select()
    .from(uploads)
    .where(and(eq(uploads.tenantId, tenantId), inArray(uploads.fileUrl, fileUrls)));
  return options.forUpdate ? query.for('update') : query;
}
