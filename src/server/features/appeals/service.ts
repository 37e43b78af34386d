import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Appeal, Citation, SubmitAppealBody } from '../../../shared/contract';
import { appealMessages } from '../../../shared/messages';
import {
  type AppealEligibility,
  appealEligibility,
  findAppealFormProblem,
  maskEmail,
  maskName,
  maskPhone,
  maskText,
  normaliseSearchTerm,
} from '../../../shared/rules';
import type { StoragePort } from '../../adapters/storage/storage-port';
import type { Config } from '../../config';
import type { Database, Transaction } from '../../db/client';
import { type AppealRow, appeals, type CitationRow, type TenantRow } from '../../db/schema';
import { AppError, badRequest } from '../../errors';
import { hashToken } from '../auth';
import { findCitationById, findCitationByNumber, toCitation } from '../citations';
import { isUniqueViolation } from '../customers';
import { attachUploads, verifyUploadUrls } from '../uploads';
import { enqueueAppealConfirmationEmail } from './appeal-emails';
import { findAppealByCitation, findAppealByTokenHash } from './queries';

/** How long the emailed confirmation link works; an unconfirmed appeal then expires. */
export const APPEAL_CONFIRMATION_LIFETIME_MS = 24 * 60 * 60_000;

/** The 404 and 403 the appeal search answers carry the spec's texts, so any client can show them. */
const notAppealable = () => new AppError(404, 'not_found', appealMessages.notAppealable);
const windowExpired = () => new AppError(403, 'appeal_window_expired', appealMessages.windowExpired);

/**
 * An appeal as the API answers it. Its personal fields are the appellant's: only a caller holding
 * its confirmation token (the owner view) or an operator sees them; anybody else who knows the
 * notice gets them masked and no photos (decision record 082).
 */
export function toAppeal(appeal: AppealRow, citation: CitationRow, isOwnerView = true): Appeal {
  const shown = isOwnerView
    ? appeal
    : {
        name: maskName(appeal.name),
        email: maskEmail(appeal.email),
        phoneNumber: maskPhone(appeal.phoneNumber),
        address: maskText(appeal.address),
        reason: maskText(appeal.reason),
        imageUrls: [],
      };
  return {
    uuid: appeal.id,
    citationUUID: citation.id,
    citationCodeUUID: citation.citationCodeId,
    citationNumber: citation.citationNumber,
    isPending: appeal.isPending,
    isApproved: appeal.isApproved,
    is_approved: appeal.isApproved,
    status: appeal.status,
    name: shown.name,
    email: shown.email,
    phoneNumber: shown.phoneNumber,
    address: shown.address,
    reason: shown.reason,
    submissionDate: appeal.submissionDate.toISOString(),
    responseDate: appeal.responseDate?.toISOString() ?? null,
    imageURLs: shown.imageUrls,
    isEmailConfirmed: appeal.unconfirmedUntil === null,
    isOwnerView,
    outcome: appeal.outcome ?? null,
    reducedAmount: appeal.reducedAmount ?? null,
  };
}

async function eligibilityOf(db: Database | Transaction, tenant: TenantRow, citation: Citation, now: Date) {
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
  /** The confirmation token, when the caller sent one: unmasks the appeal it belongs to. */
  token?: string | null;
  now: Date;
}): Promise<Appeal> {
  const row = await findCitationById(options.db, options.tenant.id, options.citationId);
  if (!row || row.citation.citationNumber !== normaliseSearchTerm(options.number)) {
    throw new AppError(404, 'not_found', 'Notice not found.');
  }
  const citation = toCitation(row, options.tenant, options.now);
  const { appeal, eligibility } = await eligibilityOf(options.db, options.tenant, citation, options.now);
  if (appeal) {
    const isOwner =
      Boolean(options.token) &&
      appeal.confirmationTokenHash !== null &&
      appeal.confirmationTokenHash === hashToken(options.token ?? '');
    return toAppeal(appeal, row.citation, isOwner);
  }
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
  config: Pick<Config, 'publicBaseUrl'>;
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

  // The appeal waits for its email to be confirmed; until then it blocks nobody (decision 082).
  const token = randomUUID();
  const created = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(appeals)
      .values({
        ...form,
        tenantId: tenant.id,
        citationId: row.citation.id,
        imageUrls: imageURLs,
        submissionDate: now,
        unconfirmedUntil: new Date(now.getTime() + APPEAL_CONFIRMATION_LIFETIME_MS),
        confirmationTokenHash: hashToken(token),
      })
      .returning();
    await attachUploads(tx, { tenantId: tenant.id, purpose: 'appeal-photo', fileUrls: imageURLs });
    await enqueueAppealConfirmationEmail(tx, {
      config: options.config,
      tenant,
      citation: row.citation,
      to: form.email,
      token,
      now,
    });
    return inserted!;
  });
  // The caller typed these very fields: answering them back reveals nothing new.
  return toAppeal(created, row.citation, true);
}

/**
 * POST /portal/appeal/confirm: the emailed link. Confirms the appeal its token names, if the
 * notice can still be appealed and no other appeal of it was confirmed first; following the link
 * again answers the same appeal. Answers it unmasked: the token proves the caller holds the inbox.
 */
export async function confirmAppeal(options: {
  db: Database;
  tenant: TenantRow;
  citationId: string;
  token: string;
  now: Date;
}): Promise<Appeal> {
  const { db, tenant, now } = options;
  const invalidLink = () => new AppError(400, 'invalid_confirmation_link', appealMessages.confirmFailed);
  const row = await findCitationById(db, tenant.id, options.citationId);
  if (!row) throw invalidLink();
  try {
    return await db.transaction(async (tx) => {
      const appeal = await findAppealByTokenHash(tx, tenant.id, hashToken(options.token), {
        forUpdate: true,
      });
      if (!appeal || appeal.citationId !== row.citation.id) throw invalidLink();
      if (appeal.unconfirmedUntil === null) return toAppeal(appeal, row.citation, true);
      if (appeal.unconfirmedUntil.getTime() <= now.getTime()) throw invalidLink();
      const { eligibility } = await eligibilityOf(tx, tenant, toCitation(row, tenant, now), now);
      if (eligibility !== 'eligible') throw refusal(eligibility);
      const [confirmed] = await tx
        .update(appeals)
        .set({ unconfirmedUntil: null })
        .where(eq(appeals.id, appeal.id))
        .returning();
      return toAppeal(confirmed!, row.citation, true);
    });
  } catch (error) {
    // Another appeal of the notice was confirmed at the same moment: the unique index decided.
    if (isUniqueViolation(error, 'appeals_citation_key')) throw refusal('appealed');
    throw error;
  }
}
