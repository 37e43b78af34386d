import {
  type AppealProgress,
  type Citation,
  type CitationDetail,
  type CitationSearchResult,
  MAX_PLATE_SUGGESTIONS,
  type PaymentStatus,
} from '../../../shared/contract';
import { inputErrorMessages } from '../../../shared/messages/input-errors';
import {
  canonicalPlate,
  computeCitationAmounts,
  plateMisreadings,
  type StoredCitation,
  searchTermFromPath,
} from '../../../shared/rules';
import type { Database } from '../../db/client';
import type { AppealRow, TenantRow } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { findAppealByCitation } from '../appeals';
import {
  findNoticePlan,
  findNoticesPlans,
  type PlanWithInstalments,
  planOfferFor,
  toPaymentPlan,
  toPlanStanding,
  withPlanAmounts,
} from '../payment-plans';
import { findStoredCitations } from './notice-search';
import { type CitationWithCode, findCitationById, findExistingPlates } from './queries';

/** A notice as the API presents it, with what it costs at `now` in the tenant's time zone. */
export function toCitation(
  { citation, codeName, codeDescription }: CitationWithCode,
  tenant: TenantRow,
  now: Date,
): Citation {
  return withAmounts(
    {
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
    },
    tenant,
    now,
  );
}

/**
 * A notice with what it costs at `now` in the tenant's time zone. The amounts are added to the
 * object given rather than spread into another: this runs for every notice of every lookup (the
 * busiest call, docs/benchmarks.md).
 */
function withAmounts(stored: StoredCitation, tenant: TenantRow, now: Date): Citation {
  return Object.assign(stored, computeCitationAmounts(stored, now, tenant.timezone, tenant));
}

/**
 * The public search: the tenant's notices with this plate, this number, or both, newest first,
 * each with its amounts at `now` (read without Drizzle's per-call work, decision 170).
 */
export async function searchCitations(options: {
  db: Database;
  tenant: TenantRow;
  plate: string;
  number: string;
  now: Date;
}): Promise<CitationSearchResult[]> {
  // Notices keep canonical plates (decision 174); a notice number keeps its dashes.
  const plate = canonicalPlate(searchTermFromPath(options.plate)) || null;
  const number = searchTermFromPath(options.number);
  if (!plate && !number) throw badRequest(inputErrorMessages.enterNumberOrPlate);
  const notices = await findStoredCitations(options.db, options.tenant.id, { plate, number });
  const plans = await findNoticesPlans(
    options.db,
    options.tenant.id,
    notices.map((notice) => notice.uuid),
  );
  // Each row owes what the notice page says it owes: a plan's remainder, without late penalties.
  return notices.map((notice) => {
    const plan = plans.get(notice.uuid) ?? null;
    const citation = withPlanAmounts(withAmounts(notice, options.tenant, options.now), plan, options.tenant);
    return Object.assign(citation, { paymentPlan: plan ? toPlanStanding(plan, options.tenant) : null });
  });
}

export async function getCitation(options: {
  db: Database;
  tenant: TenantRow;
  citationId: string;
  now: Date;
}): Promise<Citation> {
  return (await getCitationWithPlan(options)).citation;
}

/**
 * A notice with its payment plan (issue 31): while a plan is kept the notice owes what the plan
 * has left, without late penalties; after a default, its tiers less what the plan paid.
 */
export async function getCitationWithPlan(options: {
  db: Database;
  tenant: TenantRow;
  citationId: string;
  now: Date;
}): Promise<{ citation: Citation; plan: PlanWithInstalments | null }> {
  const row = await findCitationById(options.db, options.tenant.id, options.citationId);
  if (!row) throw notFound('Notice');
  const plan = await findNoticePlan(options.db, options.tenant.id, row.citation.id);
  return {
    citation: withPlanAmounts(toCitation(row, options.tenant, options.now), plan, options.tenant),
    plan,
  };
}

function toAppealProgress(appeal: AppealRow): AppealProgress {
  return {
    submittedOn: appeal.submissionDate.toISOString(),
    outcome: appeal.isPending ? 'pending' : appeal.isApproved ? 'approved' : 'denied',
    answeredOn: appeal.isPending ? null : (appeal.responseDate?.toISOString() ?? null),
    resolution: appeal.outcome === 'voided' || appeal.outcome === 'reduced' ? appeal.outcome : null,
    reducedAmount: appeal.outcome === 'reduced' ? appeal.reducedAmount : null,
  };
}

/** The notice's detail page: the notice and where its appeal stands (dates and outcome only). */
export async function getCitationDetail(options: {
  db: Database;
  tenant: TenantRow;
  citationId: string;
  now: Date;
}): Promise<CitationDetail> {
  const { citation, plan } = await getCitationWithPlan(options);
  const appeal = await findAppealByCitation(options.db, options.tenant.id, citation.uuid);
  return {
    ...citation,
    appeal: appeal ? toAppealProgress(appeal) : null,
    paymentPlan: plan ? toPaymentPlan(plan, options.tenant) : null,
    paymentPlanOffer: planOfferFor(citation, plan, options.tenant),
  };
}

/**
 * The plates a search may have meant: look-alike characters swapped, spaces and dashes dropped,
 * kept only where the tenant has a notice. Nothing about those notices is answered.
 */
export async function suggestPlates(options: { db: Database; tenant: TenantRow; plate: string }) {
  // As searched: its canonical form is itself one of the plates it may have meant.
  const plate = searchTermFromPath(options.plate);
  if (!plate || !canonicalPlate(plate)) throw badRequest(inputErrorMessages.enterPlate, 'plate');
  const plates = await findExistingPlates(
    options.db,
    options.tenant.id,
    plateMisreadings(plate),
    MAX_PLATE_SUGGESTIONS,
  );
  return { plates };
}
