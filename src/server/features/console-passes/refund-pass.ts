import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentGateway } from '../../adapters/payments/port';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { issuedPasses, paymentSessions } from '../../db/schema';
import { AppError, conflict, notFound } from '../../errors';
import { recordAudit } from '../audit';
import { cancelPassRenewal } from '../passes';
import { offerFreedPlaces } from '../waitlists';
import type { OperatorContext } from './operator-context';
import { loadConsolePass, paymentsOfPass } from './pass-view';

/**
 * An operator's full refund of a pass through the payment port: every paid payment of the pass is
 * given back, the pass is canceled and the change is audit-logged, in one transaction that holds
 * the pass's row lock. A second click waits for the lock, then finds nothing paid and gets a 409;
 * the provider's idempotency key (the payment session's id) makes a retried call a no-op there.
 */
const refundFailed = (message: string) =>
  new AppError(502, 'payment_provider_error', `The payment provider could not refund this pass: ${message}`);

export async function refundPass(options: {
  db: Database;
  gateway: PaymentGateway;
  context: OperatorContext;
  passId: string;
  now: Date;
  log: FastifyBaseLogger;
  config: Pick<Config, 'publicBaseUrl'>;
}) {
  const { db, gateway, context, passId, now, log } = options;
  const tenantId = context.tenant.id;
  const refunded = await db.transaction(async (tx) => {
    const [pass] = await tx
      .select()
      .from(issuedPasses)
      .where(and(eq(issuedPasses.tenantId, tenantId), eq(issuedPasses.id, passId)))
      .for('update');
    if (!pass) throw notFound('Pass');
    const paid = await tx
      .select()
      .from(paymentSessions)
      .where(and(paymentsOfPass(pass), eq(paymentSessions.status, 'paid')))
      .for('update');
    if (paid.length === 0) throw conflict('This pass has no payment left to refund.');
    const before = await loadConsolePass(tx, tenantId, passId, now);
    for (const session of paid) {
      if (!session.providerPaymentId) {
        throw conflict(
          'The provider gave no payment id for this payment: refund it in the provider’s dashboard.',
        );
      }
      const { refundId } = await gateway
        .refund({ providerPaymentId: session.providerPaymentId, key: `operator-refund-${session.id}` })
        .catch((error: unknown) => {
          log.error({ err: error, sessionId: session.id }, 'an operator refund failed at the provider');
          throw refundFailed((error as Error).message ?? 'unknown error');
        });
      await tx
        .update(paymentSessions)
        .set({ status: 'refunded', refundId, refundedAt: now, refundError: null, refundReason: 'operator' })
        .where(eq(paymentSessions.id, session.id));
    }
    await tx
      .update(issuedPasses)
      .set({ paidStatus: 'canceled', reservedUntil: null, updatedAt: now })
      .where(and(eq(issuedPasses.tenantId, tenantId), eq(issuedPasses.id, passId)));
    const after = await loadConsolePass(tx, tenantId, passId, now);
    await recordAudit(tx, {
      tenantId,
      actor: context.auditActor,
      action: 'pass.refund',
      entityType: 'pass',
      entityId: passId,
      before: { paidStatus: before.permit.paidStatus, payments: before.payments },
      after: {
        paidStatus: after.permit.paidStatus,
        payments: after.payments,
        refundedAmount: paid.reduce((sum, session) => sum + session.amount, 0),
      },
    });
    return { after, hasSubscription: pass.subscriptionRef !== null, productId: pass.productId };
  });
  // The freed place goes to the first person on the product's waitlist, if it keeps one.
  await offerFreedPlaces({
    db,
    links: { config: options.config },
    tenantId,
    productId: refunded.productId,
    now,
  });
  if (refunded.hasSubscription) {
    // After the commit: the pass is canceled either way; a renewal that cannot be stopped now is
    // logged by cancelPassRenewal and stopped by the canceled pass's next renewal event.
    await cancelPassRenewal({ db, gateway, tenantId, passId, now, log }).catch((error: unknown) =>
      log.error({ err: error, passId }, 'could not stop the renewal of a refunded pass'),
    );
  }
  return refunded.after;
}
