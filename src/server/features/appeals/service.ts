import type { Appeal, Citation, SubmitAppealBody } from '../../../shared/contract';
import { appealMessages } from '../../../shared/messages';
import {
  type AppealEligibility,
  appealEligibility,
  findAppealFormProblem,
  normaliseSearchTerm,
} from '../../../shared/rules';
import type { StoragePort } from '../../adapters/storage/storage-port';
import type { Database } from '../../db/client';
import { type AppealRow, appeals, type CitationRow, type TenantRow } from '../../db/schema';
import { AppError, badRequest } from '../../errors';
import { findCitationById, findCitationByNumber } from '../citations/queries';
import { toCitation } from '../citations/service';
import { attachUploads, verifyUploadUrls } from '../uploads/service';
import { findAppealByCitation } from './queries';

/** The 404 and 403 the appeal search answers carry the spec's texts, so any client can show them. */
const notAppealable = () => new AppError(404, 'not_found', appealMessages.notAppealable);
const windowExpired = () => new AppError(403, 'appeal_window_expired', appealMessages.windowExpired);

export function toAppeal(appeal: AppealRow, citation: CitationRow): Appeal {
  return {
    uuid: appeal.id,
    citationUUID: citation.id,
    citationCodeUUID: citation.citationCodeId,
    citationNumber: citation.citationNumber,
    isPending: appeal.isPending,
    isApproved: appeal.isApproved,
    is_approved: appeal.isApproved,
    status: appeal.status,
    name: appeal.name,
    email: appeal.email,
    phoneNumber: appeal.phoneNumber,
    address: appeal.address,
    reason: appeal.reason,
    submissionDate: appeal.submissionDate.toISOString(),
    responseDate: appeal.responseDate?.toISOString() ?? null,
    imageURLs: appeal.imageUrls,
  };
}

async function eligibilityOf(db: Database, tenant: TenantRow, citation: Citation, now: Date) {
  const appeal = await findAppealByCitation(db, tenant.id, citation.uuid);
  const eligibility = appealEligibility({
    citation,
    hasAppeal: appeal !== null,
    now,
    timeZone: tenant.timezone,
    windowDays: tenant.appealWindowDays,
  });
  return { appeal, eligibility };
}

/**
 * GET /portal/citation/number/{number}: the host tenant's notice, only while it can be appealed.
 * No record, already appealed, voided or paid: 404; past the window: 403.
 */
export async function findAppealableCitation(options: {
  db: Database;
  tenant: TenantRow;
  number: string;
  now: Date;
}): Promise<Citation> {
  const number = normaliseSearchTerm(options.number);
  const row = number ? await findCitationByNumber(options.db, options.tenant.id, number) : null;
  if (!row) throw notAppealable();
  const citation = toCitation(row, options.tenant, options.now);
  const { eligibility } = await eligibilityOf(options.db, options.tenant, citation, options.now);
  if (eligibility === 'window-expired') throw windowExpired();
  if (eligibility !== 'eligible') throw notAppealable();
  return citation;
}

/**
 * GET /portal/appeal/id/{uuid}/n/{number}: the notice's appeal. Without one: 404 while an appeal can
 * still be made, 403 when it cannot (so the page offers the form, or explains why not).
 */
export async function getAppeal(options: {
  db: Database;
  tenant: TenantRow;
  citationId: string;
  number: string;
  now: Date;
}): Promise<Appeal> {
  const row = await findCitationById(options.db, options.tenant.id, options.citationId);
  if (!row || row.citation.citationNumber !== normaliseSearchTerm(options.number)) {
    throw new AppError(404, 'not_found', 'Notice not found.');
  }
  const citation = toCitation(row, options.tenant, options.now);
  const { appeal, eligibility } = await eligibilityOf(options.db, options.tenant, citation, options.now);
  if (appeal) return toAppeal(appeal, row.citation);
  if (eligibility === 'eligible') throw new AppError(404, 'appeal_not_found', appealMessages.noAppeal);
  if (eligibility === 'window-expired') throw windowExpired();
  throw new AppError(403, 'appeal_not_allowed', appealMessages.appealNotAllowed);
}

function refusal(eligibility: Exclude<AppealEligibility, 'eligible'>): AppError {
  if (eligibility === 'appealed') return new AppError(409, 'appeal_exists', appealMessages.appealExists);
  if (eligibility === 'window-expired') return windowExpired();
  return new AppError(403, 'appeal_not_allowed', appealMessages.appealNotAllowed);
}

/**
 * PUT /portal/appeal. The notice must be the host tenant's and still appealable; the form is checked
 * in the spec's order; every photo must be an appeal photo this tenant's storage issued and that
 * arrived intact. The appeal and the photos' claim are written in one transaction.
 */
export async function submitAppeal(options: {
  db: Database;
  storage: StoragePort;
  tenant: TenantRow;
  body: SubmitAppealBody;
  now: Date;
}): Promise<Appeal> {
  const { db, tenant, body, now } = options;
  const row = await findCitationById(db, tenant.id, body.citationUUID);
  if (!row || row.citation.citationNumber !== normaliseSearchTerm(body.citationNumber)) {
    throw new AppError(404, 'not_found', 'Notice not found.');
  }
  const citation = toCitation(row, tenant, now);
  const { eligibility } = await eligibilityOf(db, tenant, citation, now);
  if (eligibility !== 'eligible') throw refusal(eligibility);

  const form = {
    name: body.name.trim(),
    email: body.email.trim(),
    phoneNumber: body.phoneNumber.trim(),
    address: body.address.trim(),
    reason: body.reason.trim(),
  };
  const problem = findAppealFormProblem(form);
  if (problem) throw badRequest(problem.message);

  const imageURLs = body.imageURLs ?? [];
  await verifyUploadUrls({
    db,
    storage: options.storage,
    tenant,
    purpose: 'appeal-photo',
    fileUrls: imageURLs,
    now,
  });

  const created = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(appeals)
      .values({
        ...form,
        tenantId: tenant.id,
        citationId: row.citation.id,
        imageUrls: imageURLs,
        submissionDate: now,
      })
      .onConflictDoNothing({ target: appeals.citationId })
      .returning();
    // A concurrent submission for the same notice won the unique index.
    if (!inserted) throw refusal('appealed');
    await attachUploads(tx, { tenantId: tenant.id, purpose: 'appeal-photo', fileUrls: imageURLs });
    return inserted;
  });
  return toAppeal(created, row.citation);
}
