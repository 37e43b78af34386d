import { and, eq } from 'drizzle-orm';
import type { ConsoleNotice } from '../../../shared/contract';
import type { Database, Transaction } from '../../db/client';
import { type CitationRow, citations, type OperatorRow, type TenantRow } from '../../db/schema';
import { notFound } from '../../errors';
import { type AuditActor, listAuditLog } from '../audit';
import { findCitationById, toCitation } from '../citations';
import { findNoticePlan, toPaymentPlan, withPlanAmounts } from '../payment-plans';
import { noticeRefundFigures } from './refund-notice';

/** How many of a notice's changes its page lists. */
const HISTORY_LIMIT = 50;

/** The operator as the audit log names them. */
export const auditActorOf = (operator: OperatorRow): AuditActor => ({
  operatorId: operator.id,
  label: operator.email,
});

/** The notice of this tenant, locked until the transaction ends; 404 for any other. */
export async function lockNotice(tx: Transaction, tenantId: string, noticeId: string): Promise<CitationRow> {
  const [row] = await tx
    .select()
    .from(citations)
    .where(and(eq(citations.tenantId, tenantId), eq(citations.id, noticeId)))
    .for('update');
  if (!row) throw notFound('Notice');
  return row;
}

/** A notice as the console shows it: the portal's view of it and its history. */
export async function getConsoleNotice(options: {
  db: Database;
  tenant: TenantRow;
  noticeId: string;
  now: Date;
}): Promise<ConsoleNotice> {
  const { db, tenant, noticeId, now } = options;
  const row = await findCitationById(db, tenant.id, noticeId);
  if (!row) throw notFound('Notice');
  const [entries, figures, plan] = await Promise.all([
    listAuditLog(db, tenant.id, { entityType: 'notice', entityId: noticeId, limit: HISTORY_LIMIT }),
    noticeRefundFigures(db, tenant.id, noticeId),
    findNoticePlan(db, tenant.id, noticeId),
  ]);
  return {
    citation: withPlanAmounts(toCitation(row, tenant, now), plan, tenant),
    paymentPlan: plan ? toPaymentPlan(plan, tenant) : null,
    history: entries.map((entry) => ({
      action: entry.action,
      actorLabel: entry.actorLabel,
      createdAt: entry.createdAt.toISOString(),
    })),
    ...figures,
  };
}
