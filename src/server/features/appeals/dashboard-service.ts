import { eq } from 'drizzle-orm';
import type { AnswerAppealBody, DashboardAppeal } from '../../../shared/contract';
import { formatMoney } from '../../../shared/format';
import { appealOutcomeMessages, dashboardAppealMessages } from '../../../shared/messages';
import { fillMessage } from '../../../shared/messages/fill';
import { isCitationPaid, isCitationVoided } from '../../../shared/rules';
import type { Config } from '../../config';
import { tenantBaseUrl } from '../../config';
import type { Database, Transaction } from '../../db/client';
import {
  type AppealRow,
  appeals,
  type CitationRow,
  citations,
  type OperatorRow,
  type TenantRow,
} from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { recordAudit } from '../audit';
import { toCitation } from '../citations';
import { enqueueEmail } from '../mail';
import { cancelPlanOfVoidedNotice } from '../payment-plans';
import { type AppealWithCitation, findAppealWithCitation, listAppealsWithCitations } from './queries';
import { toAppeal } from './service';

/** A page of the operator's queue; the console will page through more. */
const DASHBOARD_LIST_LIMIT = 500;

/** The notice's amount due now, with its late fee, as the public notice page shows it. */
function amountDueOf(citation: CitationRow, tenant: TenantRow, now: Date): number {
  return toCitation({ citation, codeName: null, codeDescription: null }, tenant, now).amountDue;
}

export function toDashboardAppeal(
  { appeal, citation }: AppealWithCitation,
  tenant: TenantRow,
  now: Date,
): DashboardAppeal {
  return {
    ...toAppeal(appeal, citation),
    plate: citation.plate,
    paymentStatus: citation.paymentStatus as DashboardAppeal['paymentStatus'],
    citationCreatedOn: citation.createdOn.toISOString(),
    voidDate: citation.voidDate?.toISOString() ?? null,
    amountDue: amountDueOf(citation, tenant, now),
  };
}

/** GET /dashboard/appeals: the tenant's appeals, pending first (oldest first), then answered. */
export async function listDashboardAppeals(options: {
  db: Database;
  tenant: TenantRow;
  now: Date;
}): Promise<DashboardAppeal[]> {
  const rows = await listAppealsWithCitations(options.db, options.tenant.id, DASHBOARD_LIST_LIMIT);
  return rows.map((row) => toDashboardAppeal(row, options.tenant, options.now));
}

const fill = (template: string, number: string) => fillMessage(template, { number });

type Outcome = NonNullable<AppealRow['outcome']>;

/** The appellant's email, queued in the answer's own transaction: the answer and what it did. */
async function emailAnswer(
  tx: Transaction,
  options: {
    config: Config;
    tenant: TenantRow;
    citation: CitationRow;
    to: string;
    outcome: Outcome;
    reducedAmount: number | null;
    status: string | null;
    now: Date;
  },
) {
  const number = options.citation.citationNumber;
  const isApproved = options.outcome !== 'denied';
  // Written in the recipient's language and the tenant's currency, inside the email's function.
  const paragraphs = () => [
    fill(isApproved ? dashboardAppealMessages.emailApproved : dashboardAppealMessages.emailDenied, number),
    ...(options.outcome === 'voided' ? [appealOutcomeMessages.emailVoided] : []),
    ...(options.outcome === 'reduced'
      ? [fillMessage(appealOutcomeMessages.emailReduced, { amount: formatMoney(options.reducedAmount ?? 0) })]
      : []),
    ...(options.status ? [options.status] : []),
  ];
  await enqueueEmail(tx, {
    tenantId: options.tenant.id,
    to: options.to,
    now: options.now,
    email: () => ({
      subject: fill(
        isApproved
          ? dashboardAppealMessages.emailSubjectApproved
          : dashboardAppealMessages.emailSubjectDenied,
        number,
      ),
      heading: fill(dashboardAppealMessages.emailHeading, number),
      paragraphs: paragraphs(),
      action: {
        label: dashboardAppealMessages.emailViewAppeal,
        url: `${tenantBaseUrl(options.config, options.tenant.subdomain)}/noticeappeal/${options.citation.id}`,
      },
    }),
  });
}

/** A notice's fields that an appeal's answer may change, as the audit log keeps them. */
const noticeSnapshot = (row: CitationRow) => ({
  citationNumber: row.citationNumber,
  paymentStatus: row.paymentStatus,
  amount: row.amount,
  amountOverride: row.amountOverride,
  voidDate: row.voidDate,
});

const appealSnapshot = (row: AppealRow, citationNumber: string) => ({
  citationNumber,
  isPending: row.isPending,
  isApproved: row.isApproved,
  status: row.status,
  outcome: row.outcome,
  reducedAmount: row.reducedAmount,
});

/**
 * What an approval does to the notice: void it (the default: nothing left to pay), or set its
 * amount in force to `reduceTo`. A paid notice is refunded, not voided, so its appeal waits for
 * that; an already void notice stays void.
 */
function noticeChangeOf(
  citation: CitationRow,
  options: { tenant: TenantRow; reduceTo: number | null; now: Date },
): Partial<CitationRow> | null {
  const status = {
    datePaid: citation.datePaid?.toISOString() ?? null,
    voidDate: citation.voidDate?.toISOString() ?? null,
    paymentStatus: citation.paymentStatus as DashboardAppeal['paymentStatus'],
  };
  if (isCitationPaid(status)) throw conflict(appealOutcomeMessages.paidCannotApprove);
  if (options.reduceTo === null) {
    return isCitationVoided(status) ? null : { voidDate: options.now, paymentStatus: 'Void' };
  }
  const amountDue = amountDueOf(citation, options.tenant, options.now);
  if (options.reduceTo >= amountDue) {
    throw badRequest(fillMessage(appealOutcomeMessages.reduceNotBelow, { amount: formatMoney(amountDue) }));
  }
  return { amountOverride: options.reduceTo };
}

/**
 * PUT /dashboard/appeals/{uuid}: approve or deny a pending appeal, with an optional text for the
 * appellant. Approving leaves nothing owing unless the operator says so: it voids the notice, or
 * with `reduceTo` sets the notice's amount in force to that. The answer, the notice's change, both
 * audit entries and the email are one transaction; the appeal and notice rows are locked so two
 * operators cannot both answer it, and a checkout being fulfilled waits (docs/payments.md).
 */
export async function answerAppeal(options: {
  db: Database;
  config: Config;
  tenant: TenantRow;
  operator: OperatorRow;
  appealId: string;
  body: AnswerAppealBody;
  now: Date;
}): Promise<DashboardAppeal> {
  const { db, tenant, body, now } = options;
  const status = body.status?.trim() || null;
  const reduceTo = body.reduceTo ?? null;
  if (reduceTo !== null && !body.isApproved) throw badRequest(appealOutcomeMessages.onlyApprovalReduces);
  const actor = { operatorId: options.operator.id, label: options.operator.email };
  return db.transaction(async (tx) => {
    const found = await findAppealWithCitation(tx, tenant.id, options.appealId, { forUpdate: true });
    if (!found) throw notFound('Appeal');
    if (!found.appeal.isPending) throw conflict(dashboardAppealMessages.alreadyAnswered);
    let citation = found.citation;
    const outcome: Outcome = !body.isApproved ? 'denied' : reduceTo === null ? 'voided' : 'reduced';
    const change = body.isApproved ? noticeChangeOf(citation, { tenant, reduceTo, now }) : null;
    if (change) {
      // A voided notice's payment plan ends with it: nothing more is charged (issue 31).
      if (change.paymentStatus === 'Void') await cancelPlanOfVoidedNotice(tx, tenant.id, citation.id, now);
      const [changed] = await tx
        .update(citations)
        .set(change)
        .where(eq(citations.id, citation.id))
        .returning();
      await recordAudit(tx, {
        tenantId: tenant.id,
        actor,
        action: outcome === 'voided' ? 'notice.void' : 'notice.override-amount',
        entityType: 'notice',
        entityId: citation.id,
        before: noticeSnapshot(citation),
        after: { ...noticeSnapshot(changed!), reason: appealOutcomeMessages.auditReason },
      });
      citation = changed!;
    }
    const [answered] = await tx
      .update(appeals)
      .set({
        isPending: false,
        isApproved: body.isApproved,
        status,
        responseDate: now,
        outcome,
        reducedAmount: outcome === 'reduced' ? reduceTo : null,
      })
      .where(eq(appeals.id, found.appeal.id))
      .returning();
    await recordAudit(tx, {
      tenantId: tenant.id,
      actor,
      action: body.isApproved ? 'appeal.approve' : 'appeal.deny',
      entityType: 'appeal',
      entityId: found.appeal.id,
      before: appealSnapshot(found.appeal, citation.citationNumber),
      after: appealSnapshot(answered!, citation.citationNumber),
    });
    await emailAnswer(tx, {
      config: options.config,
      tenant,
      citation,
      to: answered!.email,
      outcome,
      reducedAmount: answered!.reducedAmount,
      status,
      now,
    });
    return toDashboardAppeal({ appeal: answered!, citation }, tenant, now);
  });
}
