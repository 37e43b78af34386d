import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CAPTURED_AT_CLOCK_SKEW_MS,
  type RecordScansResponse,
  type ScanItem,
  scanItemSchema,
  type scanResultSchema,
} from '../../../shared/contract';
import { fillMessage } from '../../../shared/messages/fill';
import { inputErrorMessages } from '../../../shared/messages/input-errors';
import type { StoragePort } from '../../adapters/storage/storage-port';
import type { Database } from '../../db/client';
import { patrolScans, type TenantRow, uploads } from '../../db/schema';
import { AppError, badRequest } from '../../errors';
import { describeRefusedInput, schemaIssueOf } from '../../plugins/validation-message';
import { attachUploads, verifyUploadUrls } from '../uploads';
import { clientIdReused, contentFingerprint, isOtherContent } from './client-retry';
import { scansRecorded } from './report-summary-cache';

type ScanResult = z.infer<typeof scanResultSchema>;
type FieldError = ScanResult['errors'][number];

/** How many item problems a refused batch lists in its message. */
const MAX_LISTED_PROBLEMS = 10;

function clientIdOf(item: unknown): string | null {
  const value = (item as { clientId?: unknown } | null)?.clientId;
  return typeof value === 'string' ? value.slice(0, 100) : null;
}

/** Checks one item: its schema, then that it was not captured in the future. */
function validateItem(item: unknown, now: Date): { scan: ScanItem } | { errors: FieldError[] } {
  const parsed = scanItemSchema.safeParse(item);
  if (!parsed.success) {
    return {
      // Sentences for the officer's device to show (issue 33); the field's path for its code.
      errors: parsed.error.issues.map((issue) => {
        const refused = describeRefusedInput(schemaIssueOf(issue));
        return { field: refused.field ?? 'item', message: refused.message };
      }),
    };
  }
  if (Date.parse(parsed.data.capturedAt) > now.getTime() + CAPTURED_AT_CLOCK_SKEW_MS) {
    return { errors: [{ field: 'capturedAt', message: inputErrorMessages.scanInFuture }] };
  }
  return { scan: parsed.data };
}

/** The photo a scan names by upload id, checked to be this tenant's patrol photo, intact and unused. */
async function resolvePhoto(
  options: { db: Database; storage: StoragePort; tenant: TenantRow; now: Date },
  uploadId: string,
): Promise<{ fileUrl: string } | { error: string }> {
  const [row] = await options.db
    .select({ fileUrl: uploads.fileUrl, purpose: uploads.purpose })
    .from(uploads)
    .where(and(eq(uploads.tenantId, options.tenant.id), eq(uploads.id, uploadId)));
  if (row?.purpose !== 'patrol-photo') return { error: inputErrorMessages.photoNotUploaded };
  try {
    await verifyUploadUrls({ ...options, purpose: 'patrol-photo', fileUrls: [row.fileUrl] });
  } catch (error) {
    if (error instanceof AppError) return { error: error.message };
    throw error;
  }
  return { fileUrl: row.fileUrl };
}

/** A scan as its conflict message names it. */
function describeScan(scan: { plate: string; capturedAt: string }): string {
  return `plate ${scan.plate}, captured ${new Date(scan.capturedAt).toISOString()}`;
}

/** The refusal of a batch with no good scan: a sentence per problem, the first one's path as `field`. */
function refuseBatch(results: ScanResult[]): AppError {
  const problems = results
    .filter((result) => result.status === 'rejected')
    .flatMap((result) => result.errors.map((error) => ({ index: result.index, ...error })));
  const listed = problems
    .slice(0, MAX_LISTED_PROBLEMS)
    .map((problem) =>
      fillMessage(inputErrorMessages.scanProblem, { n: problem.index + 1, problem: problem.message }),
    );
  if (problems.length > MAX_LISTED_PROBLEMS) {
    listed.push(
      fillMessage(inputErrorMessages.moreProblems, { count: problems.length - MAX_LISTED_PROBLEMS }),
    );
  }
  const first = problems[0];
  return badRequest(
    fillMessage(inputErrorMessages.noScanRecorded, { problems: listed.join(' ') }),
    first ? `scans.${first.index}.${first.field}` : 'scans',
  );
}

/**
 * Records a batch of scans (docs/enforcement.md). Each item stands alone: bad ones are reported by
 * index and field, good ones kept, and a clientId already recorded (by an earlier try of the same
 * batch, or earlier in this one) is a duplicate that writes nothing. A batch with no good item is
 * a 400 naming the items and fields; a clientId sent again with other content is a 409 naming
 * both versions, and nothing of the batch is written.
 */
export async function recordScans(options: {
  db: Database;
  storage: StoragePort;
  tenant: TenantRow;
  items: unknown[];
  now: Date;
}): Promise<RecordScansResponse> {
  const { db, tenant, now } = options;
  const results: ScanResult[] = options.items.map((item, index) => ({
    index,
    clientId: clientIdOf(item),
    status: 'rejected',
    errors: [],
  }));
  const valid = new Map<number, ScanItem>();
  const seen = new Map<string, { index: number; scan: ScanItem }>();
  const reused: string[] = [];
  for (const [index, item] of options.items.entries()) {
    const checked = validateItem(item, now);
    const result = results[index]!;
    const earlier = 'scan' in checked ? seen.get(checked.scan.clientId) : undefined;
    if ('errors' in checked) {
      result.errors = checked.errors;
    } else if (earlier) {
      result.status = 'duplicate';
      if (contentFingerprint(earlier.scan) !== contentFingerprint(checked.scan)) {
        reused.push(
          `scans[${index}]: the clientId '${checked.scan.clientId}' of scans[${earlier.index}] (${describeScan(earlier.scan)}) is sent again with other content (${describeScan(checked.scan)})`,
        );
      }
    } else {
      seen.set(checked.scan.clientId, { index, scan: checked.scan });
      valid.set(index, checked.scan);
    }
  }

  const clientIds = [...valid.values()].map((scan) => scan.clientId);
  const existing =
    clientIds.length === 0
      ? []
      : await db
          .select({
            clientId: patrolScans.clientId,
            fingerprint: patrolScans.clientFingerprint,
            plate: patrolScans.plate,
            capturedAt: patrolScans.capturedAt,
          })
          .from(patrolScans)
          .where(and(eq(patrolScans.tenantId, tenant.id), inArray(patrolScans.clientId, clientIds)));
  const recorded = new Map(existing.map((row) => [row.clientId, row]));
  for (const [index, scan] of valid) {
    const row = recorded.get(scan.clientId);
    if (row && isOtherContent(row.fingerprint, contentFingerprint(scan))) {
      reused.push(
        `scans[${index}]: the clientId '${scan.clientId}' was recorded for ${describeScan({ plate: row.plate, capturedAt: row.capturedAt.toISOString() })}; this try sends other content (${describeScan(scan)})`,
      );
    }
  }
  // Nothing of the batch is written: the device must resend it with new clientIds where it meant new scans.
  if (reused.length > 0) throw clientIdReused(reused);

  const rows: Array<typeof patrolScans.$inferInsert & { index: number }> = [];
  for (const [index, scan] of valid) {
    const result = results[index]!;
    if (recorded.has(scan.clientId)) {
      result.status = 'duplicate';
      continue;
    }
    let fullImageUrl = scan.fullImageURL;
    if (scan.photoUploadUUID) {
      const photo = await resolvePhoto(options, scan.photoUploadUUID);
      if ('error' in photo) {
        result.errors = [{ field: 'photoUploadUUID', message: photo.error }];
        continue;
      }
      fullImageUrl = photo.fileUrl;
    }
    rows.push({
      index,
      tenantId: tenant.id,
      clientId: scan.clientId,
      clientFingerprint: contentFingerprint(scan),
      capturedAt: new Date(scan.capturedAt),
      plate: scan.plate,
      fullname: scan.fullname,
      userEmail: scan.userEmail,
      alertMessage: scan.alertMessage,
      fullImageUrl,
      uploadId: scan.photoUploadUUID,
      latitude: scan.latitude,
      longitude: scan.longitude,
    });
  }

  if (rows.length > 0) {
    const inserted = await db.transaction(async (tx) => {
      const photoUrls = rows.filter((row) => row.uploadId).map((row) => row.fullImageUrl as string);
      await attachUploads(tx, { tenantId: tenant.id, purpose: 'patrol-photo', fileUrls: photoUrls });
      return tx
        .insert(patrolScans)
        .values(rows.map(({ index: _index, ...row }) => row))
        .onConflictDoNothing({ target: [patrolScans.tenantId, patrolScans.clientId] })
        .returning({ clientId: patrolScans.clientId });
    });
    const created = new Set(inserted.map((row) => row.clientId));
    if (created.size > 0) await scansRecorded(db, tenant);
    // A row not returned was written meanwhile by a concurrent try of the same batch.
    for (const row of rows) results[row.index]!.status = created.has(row.clientId) ? 'created' : 'duplicate';
  }

  const count = (status: ScanResult['status']) => results.filter((result) => result.status === status).length;
  if (count('rejected') === results.length) throw refuseBatch(results);
  return { created: count('created'), duplicates: count('duplicate'), rejected: count('rejected'), results };
}
