import {
  type AppealProgress,
  type Citation,
  type CitationDetail,
  MAX_PLATE_SUGGESTIONS,
  type PaymentStatus,
} from '../../../shared/contract';
import {
  type CitationAmounts,
  computeCitationAmounts,
  plateMisreadings,
  searchTermFromPath,
} from '../../../shared/rules';
import type { Database } from '../../db/client';
import type { AppealRow, TenantRow } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { JsonAnswer } from '../../http/json-answer';
import { findAppealByCitation } from '../appeals/queries';
import { findNoticesAsJson } from './notice-json-search';
import { type CitationWithCode, findCitationById, findExistingPlates } from './queries';

/** A notice as the API presents it, with what it costs at `now` in the tenant's time zone. */
export function toCitation(
  { citation, codeName, codeDescription }: CitationWithCode,
  tenant: TenantRow,
  now: Date,
): Citation {
  const fields = {
    uuid: citation.id,
    citationNumber: citation.citationNumber,
    plate: citation.plate,
    stateProv: citation.stateProv,
    createdOn: citation.createdOn.toISOString(),
    datePaid: citation.datePaid?.toISOString() ?? null,
    voidDate: citation.voidDate?.toISOString() ?? null,
    paymentStatus: citation.paymentStatus as PaymentStatus,
    amount: citation.amount,
    amountOverride: citation.amountOverride,
    paidTotal: citation.paidTotal,
    lateAmount1: citation.lateAmount1,
    lateDays1: citation.lateDays1,
    lateAmount2: citation.lateAmount2,
    lateDays2: citation.lateDays2,
    citationName: codeName,
    citationDescription: codeDescription,
    citationCodeUUID: citation.citationCodeId,
    location: citation.location,
    imageURLs: citation.imageUrls,
    receiptUrl: citation.receiptUrl,
    entityUUID: citation.tenantId,
    make: citation.make,
    color: citation.color,
    comments: citation.comments,
  };
  // Added to the object just built rather than spread into a third one: this runs for every
  // notice of every lookup (the busiest call, docs/benchmarks.md).
  return Object.assign(fields, computeCitationAmounts(fields, now, tenant.timezone, tenant));
}

/**
 * The public search: the tenant's notices with this plate, this number, or both, newest first,
 * each with its amounts at `now`. Written as JSON as it is read (decision 170): the answer is the
 * one toCitation would give, for a fraction of the CPU on the portal's busiest call.
 */
export async function searchCitations(options: {
  db: Database;
  tenant: TenantRow;
  plate: string;
  number: string;
  now: Date;
}): Promise<JsonAnswer<Citation[]>> {
  const plate = searchTermFromPath(options.plate);
  const number = searchTermFromPath(options.number);
  if (!plate && !number) throw badRequest('Enter a notice number or a license plate.');
  const { tenant, now } = options;
  const notices = await findNoticesAsJson(options.db, tenant.id, { plate, number });
  return JsonAnswer.ofArray(
    notices.map((notice) =>
      JsonAnswer.extend(
        new JsonAnswer<Omit<Citation, keyof CitationAmounts>>(notice.json),
        computeCitationAmounts(notice.amountInputs, now, tenant.timezone, tenant),
      ),
    ),
  );
}

export async function getCitation(options: {
  db: Database;
  tenant: TenantRow;
  citationId: string;
  now: Date;
}): Promise<Citation> {
  const row = await findCitationById(options.db, options.tenant.id, options.citationId);
  if (!row) throw notFound('Notice');
  return toCitation(row, options.tenant, options.now);
}

function toAppealProgress(appeal: AppealRow): AppealProgress {
  return {
    submittedOn: appeal.submissionDate.toISOString(),
    outcome: appeal.isPending ? 'pending' : appeal.isApproved ? 'approved' : 'denied',
    answeredOn: appeal.isPending ? null : (appeal.responseDate?.toISOString() ?? null),
  };
}

/** The notice's detail page: the notice and where its appeal stands (dates and outcome only). */
export async function getCitationDetail(options: {
  db: Database;
  tenant: TenantRow;
  citationId: string;
  now: Date;
}): Promise<CitationDetail> {
  const citation = await getCitation(options);
  const appeal = await findAppealByCitation(options.db, options.tenant.id, citation.uuid);
  return { ...citation, appeal: appeal ? toAppealProgress(appeal) : null };
}

/**
 * The plates a search may have meant: look-alike characters swapped, spaces and dashes dropped,
 * kept only where the tenant has a notice. Nothing about those notices is answered.
 */
export async function suggestPlates(options: { db: Database; tenant: TenantRow; plate: string }) {
  const plate = searchTermFromPath(options.plate);
  if (!plate) throw badRequest('Enter a license plate.');
  const plates = await findExistingPlates(
    options.db,
    options.tenant.id,
    plateMisreadings(plate),
    MAX_PLATE_SUGGESTIONS,
  );
  return { plates };
}
