import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  createFieldCitationBodySchema,
  createFieldCitationResponseSchema,
} from '../../../shared/contract';
import { consoleDeskMessages, fillMessage } from '../../../shared/messages';
import { inputErrorMessages } from '../../../shared/messages/input-errors';
import { canonicalPlate } from '../../../shared/rules';
import type { StoragePort } from '../../adapters/storage/storage-port';
import { type Database, queryRows } from '../../db/client';
import { citationCodes, citations, type TenantRow, uploads } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../errors';
import { findCitationById, toCitation } from '../citations';
import { attachUploads, verifyUploadUrls } from '../uploads';
import { clientIdReused, contentFingerprint, isOtherContent } from './client-retry';

type Body = z.output<typeof createFieldCitationBodySchema>;
type Answer = z.input<typeof createFieldCitationResponseSchema>;

/**
 * The notice's code: by UUID, or by name in any case (a device may send "expired meter"). An
 * exact match wins; two names that differ only in case are ambiguous. Archived codes are refused.
 */
async function findCode(db: Database, tenantId: string, body: Body) {
  const name = body.citationName ?? '';
  const candidates = await db
    .select()
    .from(citationCodes)
    .where(
      and(
        eq(citationCodes.tenantId, tenantId),
        body.citationCodeUUID
          ? eq(citationCodes.id, body.citationCodeUUID)
          : sql`lower(${citationCodes.name}) = lower(${name})`,
      ),
    )
    .limit(10);
  const code = candidates.length > 1 ? candidates.find((row) => row.name === name) : candidates[0];
  if (candidates.length > 1 && !code) {
    throw badRequest(fillMessage(consoleDeskMessages.codeFieldAmbiguous, { name }));
  }
  if (!code) throw notFound('Violation code');
  if (code.archivedAt) throw badRequest(fillMessage(consoleDeskMessages.codeArchived, { name: code.name }));
  if (code.amount === null) {
    throw badRequest(fillMessage(inputErrorMessages.codeHasNoAmount, { name: code.name }), 'citationName');
  }
  return code;
}

/** The stored URLs of the photos, in order; each a patrol photo of this tenant, intact and unused. */
async function resolvePhotoUrls(
  options: { db: Database; storage: StoragePort; tenant: TenantRow; now: Date },
  uploadIds: string[],
): Promise<string[]> {
  if (new Set(uploadIds).size !== uploadIds.length) {
    throw badRequest(inputErrorMessages.photoListedTwice, 'photoUploadUUIDs');
  }
  const urls: string[] = [];
  for (const [index, uploadId] of uploadIds.entries()) {
    const [row] = await options.db
      .select({ fileUrl: uploads.fileUrl, purpose: uploads.purpose })
      .from(uploads)
      .where(and(eq(uploads.tenantId, options.tenant.id), eq(uploads.id, uploadId)));
    if (row?.purpose !== 'patrol-photo') {
      throw badRequest(inputErrorMessages.photoNotUploaded, `photoUploadUUIDs.${index}`);
    }
    urls.push(row.fileUrl);
  }
  await verifyUploadUrls({ ...options, purpose: 'patrol-photo', fileUrls: urls });
  return urls;
}

/** The notice a clientId already wrote, or null; a 409 when this try sends other content. */
async function findByClientId(db: Database, tenant: TenantRow, body: Body, now: Date) {
  const [row] = await db
    .select({ id: citations.id, fingerprint: citations.clientFingerprint })
    .from(citations)
    .where(and(eq(citations.tenantId, tenant.id), eq(citations.clientId, body.clientId)));
  if (!row) return null;
  const citation = await findCitationById(db, tenant.id, row.id);
  if (!citation) return null;
  if (isOtherContent(row.fingerprint, contentFingerprint(body))) {
    throw clientIdReused([
      `The clientId '${body.clientId}' already wrote notice ${citation.citation.citationNumber} (plate ${citation.citation.plate}); this try sends other content (plate ${canonicalPlate(body.plate)})`,
    ]);
  }
  return toCitation(citation, tenant, now);
}

/**
 * A notice written in the field: the amount and late tiers come from its violation code, the
 * photos from storage, and the device's clientId makes a retry answer the first notice instead
 * of writing another (other content under a used clientId is a 409). It is an ordinary Open notice, found by the public lookup at once.
 */
export async function createFieldCitation(options: {
  db: Database;
  storage: StoragePort;
  tenant: TenantRow;
  body: Body;
  now: Date;
}): Promise<Answer> {
  const { db, tenant, body, now } = options;
  const earlier = await findByClientId(db, tenant, body, now);
  if (earlier) return { isNew: false, citation: earlier };

  const code = await findCode(db, tenant.id, body);
  const createdOn = body.createdOn ? new Date(body.createdOn) : now;
  if (createdOn.getTime() > now.getTime() + 5 * 60_000) {
    throw badRequest(inputErrorMessages.noticeTimeInFuture, 'createdOn');
  }
  const imageUrls = await resolvePhotoUrls(options, body.photoUploadUUIDs);
  const plate = canonicalPlate(body.plate);

  const id = await db.transaction(async (tx) => {
    const [numbered] = await queryRows<{ n: string }>(
      tx,
      sql`SELECT nextval('field_citation_number_seq')::text AS n`,
    );
    const inserted = await tx
      .insert(citations)
      .values({
        tenantId: tenant.id,
        clientId: body.clientId,
        clientFingerprint: contentFingerprint(body),
        citationNumber: `E${numbered!.n}`,
        plate,
        stateProv: body.stateProv,
        createdOn,
        paymentStatus: 'Open',
        amount: code.amount ?? 0,
        lateAmount1: code.lateAmount1,
        lateDays1: code.lateDays1,
        lateAmount2: code.lateAmount2,
        lateDays2: code.lateDays2,
        citationCodeId: code.id,
        location: body.location,
        imageUrls,
        make: body.make,
        color: body.color,
        comments: body.comments,
      })
      .onConflictDoNothing()
      .returning({ id: citations.id });
    // A concurrent try of the same notice won: its photos stay with it, this one writes nothing.
    if (inserted.length === 0) return null;
    await attachUploads(tx, { tenantId: tenant.id, purpose: 'patrol-photo', fileUrls: imageUrls });
    return inserted[0]!.id;
  });
  if (!id) {
    const winner = await findByClientId(db, tenant, body, now);
    if (winner) return { isNew: false, citation: winner };
    throw new AppError(409, 'conflict', 'The notice could not be written; try again.');
  }
  const row = await findCitationById(db, tenant.id, id);
  return { isNew: true, citation: toCitation(row!, tenant, now) };
}
