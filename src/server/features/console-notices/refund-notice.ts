import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { ConsoleNotice, refundBodySchema } from '../../../shared/contract';
import type { PaymentGateway } from '../../adapters/payments/port';
import { type Config, tenantBaseUrl } from '../../config';
import type { Database, Transaction } from '../../db/client';
import { citations, customers, type OperatorRow, paymentSessions, type TenantRow } from '../../db/schema';
import { recordAudit } from '../audit';
import { enqueueRefundEmail, refundableOf, refundPayments } from '../payments';
import { auditActorOf, getConsoleNotice, lockNotice } from './console-notice';

/** The portal payments of a notice (its checkouts), of this tenant. */
export function paymentsOfNotice(tenantId: string, noticeId: string) {
  return and(
    eq(paymentSessions.tenantId, tenantId),
    eq(paymentSessions.purpose, 'citation'),
    eq(paymentSessions.subjectId, noticeId),
  );
}

/** What was paid for a notice on the portal, and what of it can still be refunded (cents). */
export async function noticeRefundFigures(db: Database | Transaction, tenantId: string, noticeId: string) {
  const sessions = await db
    .select({
      status: paymentSessions.status,
      amount: paymentSessions.amount,
      refundedAmount: paymentSessions.refundedAmount,
    })
    .from(paymentSessions)
    .where(paymentsOfNotice(tenantId, noticeId));
  const settled = sessions.filter((session) => session.status === 'paid' || session.status === 'refunded');
  return {
    paid: settled.reduce((sum, session) => sum + session.amount, 0),
    refundable: refundableOf(sessions),
  };
}

/**
 * An operator's refund of a notice's payment (issue 33, decision 224): all that is refundable or
 * `amount` of it, with a reason. A full refund voids the notice (nothing is owed, so the driver is
 * not asked to pay again); a partial one leaves it paid. The notice's row lock and its payments'
 * make a double click refund once; the payer (the signed-in customer who paid) is emailed the
 * amount and reason, and the audit log keeps both, in the same transaction.
 */
export async function refundNotice(options: {
  db: Database;
  gateway: PaymentGateway;
  tenant: TenantRow;
  operator: OperatorRow;
  noticeId: string;
  body: z.output<typeof refundBodySchema>;
  now: Date;
  log: FastifyBaseLogger;
  config: Pick<Config, 'publicBaseUrl'>;
}): Promise<ConsoleNotice> {
  const { db, tenant, noticeId, now, body } = options;
  await db.transaction(async (tx) => {
    const notice = await lockNotice(tx, tenant.id, noticeId);
    const sessions = await tx
      .select()
      .from(paymentSessions)
      .where(paymentsOfNotice(tenant.id, noticeId))
      .for('update');
    const refundableBefore = refundableOf(sessions);
    const outcome = await refundPayments(tx, {
      gateway: options.gateway,
      sessions,
      amount: body.amount,
      reason: body.reason,
      operatorLabel: options.operator.email,
      now,
      log: options.log,
    });
    if (outcome.isFull) {
      await tx
        .update(citations)
        .set({ paymentStatus: 'Void', voidDate: now })
        .where(eq(citations.id, notice.id));
    }
    await recordAudit(tx, {
      tenantId: tenant.id,
      actor: auditActorOf(options.operator),
      action: 'notice.refund',
      entityType: 'notice',
      entityId: notice.id,
      before: { paymentStatus: notice.paymentStatus, refundable: refundableBefore },
      after: {
        paymentStatus: outcome.isFull ? 'Void' : notice.paymentStatus,
        refundable: outcome.left,
        refundAmount: outcome.amount,
        reason: body.reason,
      },
    });
    // The payer: the customer signed in when paying (a guest's payment names nobody to email).
    const payerIds = sessions.flatMap((session) =>
      session.status !== 'open' && session.customerId ? [session.customerId] : [],
    );
    const [payer] = payerIds.length
      ? await tx
          .select({ email: customers.email, name: customers.fullname })
          .from(customers)
          .where(and(eq(customers.tenantId, tenant.id), eq(customers.id, payerIds[0]!)))
      : [];
    await enqueueRefundEmail(tx, {
      tenantId: tenant.id,
      to: payer?.email ?? null,
      name: payer?.name ?? null,
      subject: { kind: 'notice', number: notice.citationNumber },
      amount: outcome.amount,
      reason: body.reason,
      isFull: outcome.isFull,
      url: `${tenantBaseUrl(options.config, tenant.subdomain)}/citations/${notice.id}`,
      now,
    });
  });
  return getConsoleNotice({ db, tenant, noticeId, now });
}
