import { eq } from 'drizzle-orm';
import type { AnswerAppealBody, DashboardAppeal } from '../../../shared/contract';
import { dashboardAppealMessages } from '../../../shared/messages';
import { fillMessage } from '../../../shared/messages/fill';
import { isCitationPaid } from '../../../shared/rules';
import type { Config } from '../../config';
import { tenantBaseUrl } from '../../config';
import type { Database, Transaction } from '../../db/client';
import { appeals, type CitationRow, citations, type TenantRow } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { enqueueEmail } from '../mail/outbox';
import { type AppealWithCitation, findAppealWithCitation, listAppealsWithCitations } from './queries';
import { toAppeal } from './service';

/** A page of the operator's queue; the console will page through more. */
const DASHBOARD_LIST_LIMIT = 500;

function toDashboardAppeal({ appeal, citation }: AppealWithCitation): DashboardAppeal {
  return {
    ...toAppeal(appeal, citation),
    plate: citation.plate,
    paymentStatus: citation.paymentStatus as DashboardAppeal['paymentStatus'],
    citationCreatedOn: citation.createdOn.toISOString(),
    voidDate: citation.voidDate?.toISOString() ?? null,
  };
}

/** GET /dashboard/appeals: the tenant's appeals, pending first (oldest first), then answered. */
export async function listDashboardAppeals(options: {
  db: Database;
  tenant: TenantRow;
}): Promise<DashboardAppeal[]> {
  const rows = await listAppealsWithCitations(options.db, options.tenant.id, DASHBOARD_LIST_LIMIT);
  return rows.map(toDashboardAppeal);
}

const fill = (template: string, number: string) => fillMessage(template, { number });

/** The appellant's email, queued in the answer's own transaction. */
async function emailAnswer(
  tx: Transaction,
  options: {
    config: Config;
    tenant: TenantRow;
    citation: CitationRow;
    to: string;
    isApproved: boolean;
    status: string | null;
    isVoided: boolean;
    now: Date;
  },
) {
  const number = options.citation.citationNumber;
  const paragraphs = [
    fill(
      options.isApproved ? dashboardAppealMessages.emailApproved : dashboardAppealMessages.emailDenied,
      number,
    ),
    ...(options.status ? [options.status] : []),
    ...(options.isVoided ? [dashboardAppealMessages.emailVoided] : []),
  ];
  await enqueueEmail(tx, {
    tenantId: options.tenant.id,
    to: options.to,
    now: options.now,
    email: () => ({
      subject: fill(
        options.isApproved
          ? dashboardAppealMessages.emailSubjectApproved
          : dashboardAppealMessages.emailSubjectDenied,
        number,
      ),
      heading: fill(dashboardAppealMessages.emailHeading, number),
      paragraphs,
      action: {
        label: dashboardAppealMessages.emailViewAppeal,
        url: `${tenantBaseUrl(options.config, options.tenant.subdomain)}/noticeappeal/${options.citation.id}`,
      },
    }),
  });
}

/**
 * PUT /dashboard/appeals/{uuid}: approve or deny a pending appeal, with an optional text for the
 * appellant; an approval may void the notice. The answer, the void and the email are one
 * transaction; the appeal row is locked so two operators cannot both answer it.
 */
export async function answerAppeal(options: {
  db: Database;
  config: Config;
  tenant: TenantRow;
  appealId: string;
  body: AnswerAppealBody;
  now: Date;
}): Promise<DashboardAppeal> {
  const { db, tenant, body, now } = options;
  const status = body.status?.trim() || null;
  const voidNotice = body.voidNotice ?? false;
  if (voidNotice && !body.isApproved) throw badRequest('Only an approved appeal can void the notice.');
  return db.transaction(async (tx) => {
    const found = await findAppealWithCitation(tx, tenant.id, options.appealId, { forUpdate: true });
    if (!found) throw notFound('Appeal');
    if (!found.appeal.isPending) throw conflict(dashboardAppealMessages.alreadyAnswered);
    let citation = found.citation;
    if (voidNotice && citation.voidDate === null) {
      if (
        isCitationPaid({
          datePaid: citation.datePaid?.toISOString() ?? null,
          voidDate: null,
          paymentStatus: citation.paymentStatus as DashboardAppeal['paymentStatus'],
        })
      ) {
        throw new AppError(409, 'conflict', 'A paid notice cannot be voided.');
      }
      const [voided] = await tx
        .update(citations)
        .set({ voidDate: now, paymentStatus: 'Void' })
        .where(eq(citations.id, citation.id))
        .returning();
      citation = voided!;
    }
    const [answered] = await tx
      .update(appeals)
      .set({ isPending: false, isApproved: body.isApproved, status, responseDate: now })
      .where(eq(appeals.id, found.appeal.id))
      .returning();
    await emailAnswer(tx, {
      config: options.config,
      tenant,
      citation,
      to: answered!.email,
      isApproved: body.isApproved,
      status,
      isVoided: voidNotice,
      now,
    });
    return toDashboardAppeal({ appeal: answered!, citation });
  });
}
