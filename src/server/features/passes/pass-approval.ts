import { and, eq } from 'drizzle-orm';
import type { PassDecisionAnswer } from '../../../shared/contract';
import type { Database, Transaction } from '../../db/client';
import { issuedPasses, passProducts, type TenantRow } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { recordAudit } from '../audit';
import { type Actor, requirePermission } from '../permissions';
import { type ApprovalOutcome, enqueueApprovalEmail } from './approval-emails';
import { loadIssuedPermit } from './issued-permit';

/**
 * How long an approved pass with a charge waits for its payment (holding its place) before the
 * reservation sweep lets it go: the registrant hears of the approval by email, maybe days later.
 */
export const APPROVED_PAYMENT_WINDOW_HOURS = 72;

export const notWaitingMessage = 'This pass is no longer waiting for approval.';

/**
 * PUT /dashboard/permit/issued/status: approve (→ paid, or → incomplete with a payment link for a
 * pass with a charge) or reject a waiting pass. The pass row is locked first, so of two decisions
 * at once the second finds it decided and gets a 409; the registrant's email and an operator's
 * audit entry are written in the same transaction as the decision. The answer says whether the
 * registrant was emailed, so the screen claims no email that was never sent.
 */
export function decidePass(options: DecidePassOptions & { db: Database }): Promise<PassDecisionAnswer> {
  return options.db.transaction((tx) => decidePassWithin(tx, options));
}

export interface DecidePassOptions {
  tenant: TenantRow;
  tenantUrl: string;
  actor: Actor;
  /** The operator's email for the audit log; null for a business member. */
  operatorLabel: string | null;
  passId: string;
  status: 'paid' | 'rejected';
  message: string | null;
  now: Date;
}

/** The decision inside the caller's transaction (one pass, or each of a bulk decision's passes). */
export async function decidePassWithin(
  tx: Transaction,
  options: DecidePassOptions,
): Promise<PassDecisionAnswer> {
  const { tenant, actor, now } = options;
  const [pass] = await tx
    .select()
    .from(issuedPasses)
    .where(and(eq(issuedPasses.tenantId, tenant.id), eq(issuedPasses.id, options.passId)))
    .for('update');
  if (!pass) throw notFound('Pass');
  requirePermission(actor, 'pass.approve', {
    tenantId: pass.tenantId,
    passId: pass.id,
    customerId: pass.customerId,
    businessAccountId: pass.businessAccountId,
  });
  if (pass.paidStatus !== 'waiting') throw conflict(notWaitingMessage);
  const [product] = await tx
    .select({ name: passProducts.name })
    .from(passProducts)
    .where(and(eq(passProducts.tenantId, tenant.id), eq(passProducts.id, pass.productId)));
  if (!product) throw notFound('Pass');

  const outcome: ApprovalOutcome =
    options.status === 'rejected' ? 'rejected' : pass.amount > 0 ? 'approved-needs-payment' : 'approved';
  const payBy =
    outcome === 'approved-needs-payment'
      ? new Date(now.getTime() + APPROVED_PAYMENT_WINDOW_HOURS * 3_600_000)
      : null;
  const paidStatus = outcome === 'rejected' ? 'rejected' : payBy ? 'incomplete' : 'paid';
  await tx
    .update(issuedPasses)
    .set({
      paidStatus,
      reservedUntil: payBy,
      approvalMessage: options.message,
      decidedAt: now,
      decidedByOperatorId: actor.kind === 'operator' ? actor.operatorId : null,
      decidedByCustomerId: actor.kind === 'business-member' ? actor.customerId : null,
      updatedAt: now,
    })
    .where(and(eq(issuedPasses.tenantId, tenant.id), eq(issuedPasses.id, pass.id)));

  if (actor.kind === 'operator') {
    await recordAudit(tx, {
      tenantId: tenant.id,
      actor: { operatorId: actor.operatorId, label: options.operatorLabel ?? 'operator' },
      action: outcome === 'rejected' ? 'pass.reject' : 'pass.approve',
      entityType: 'pass',
      entityId: pass.id,
      before: { paidStatus: pass.paidStatus },
      after: { paidStatus, message: options.message },
    });
  }
  const isRegistrantEmailed = await enqueueApprovalEmail({
    tx,
    tenant,
    tenantUrl: options.tenantUrl,
    pass,
    productName: product.name,
    outcome,
    message: options.message,
    payBy,
    now,
  });
  const permit = await loadIssuedPermit(tx, tenant.id, pass.id, now);
  if (!permit) throw notFound('Pass');
  return { ...permit, isRegistrantEmailed };
}
