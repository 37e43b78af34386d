import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { refundBodySchema } from '../../../shared/contract';
import type { PaymentGateway } from '../../adapters/payments/port';
import { type Config, tenantBaseUrl } from '../../config';
import type { Database } from '../../db/client';
import { issuedPasses, passProducts, paymentSessions } from '../../db/schema';
import { notFound } from '../../errors';
import { recordAudit } from '../audit';
import { cancelPassRenewal, undoRefundedExtensions } from '../passes';
import { enqueueRefundEmail, refundPayments } from '../payments';
import { offerFreedPlaces } from '../waitlists';
import type { OperatorContext } from './operator-context';
import { loadConsolePass, paymentsOfPass } from './pass-view';

/**
 * An operator's refund of a pass through the payment port (decisions 150 and 224): all that is
 * refundable or `amount` of it, with a reason. A full refund cancels the pass (its place goes to
 * the waitlist, its renewal stops); a partial one leaves it as it is, except that an extension
 * whose payment it gives back in full is undone (decision 243). One transaction holds the
 * pass's row lock and its payments': a second click waits, then finds less (or nothing) left, and
 * never more than was paid minus what was already refunded goes back. The customer is emailed the
 * amount and reason, and the change is audit-logged, in the same transaction.
 */
export async function refundPass(options: {
  db: Database;
  gateway: PaymentGateway;
  context: OperatorContext;
  passId: string;
  body: z.output<typeof refundBodySchema>;
  now: Date;
  log: FastifyBaseLogger;
  config: Pick<Config, 'publicBaseUrl'>;
}) {
  const { db, gateway, context, passId, now, log, body } = options;
  const tenantId = context.tenant.id;
  const refunded = await db.transaction(async (tx) => {
    const [pass] = await tx
      .select()
      .from(issuedPasses)
      .where(and(eq(issuedPasses.tenantId, tenantId), eq(issuedPasses.id, passId)))
      .for('update');
    if (!pass) throw notFound('Pass');
    // Only the paid ones are locked: an extension's checkout still open is settled under its own
    // session's lock and then the pass's, the reverse of this order.
    const sessions = await tx
      .select()
      .from(paymentSessions)
      .where(and(paymentsOfPass(tx, pass), eq(paymentSessions.status, 'paid')))
      .for('update');
    const before = await loadConsolePass(tx, tenantId, passId, now);
    const outcome = await refundPayments(tx, {
      gateway,
      sessions,
      amount: body.amount,
      reason: body.reason,
      operatorLabel: context.operator.email,
      now,
      log,
    });
    const extensions = await undoRefundedExtensions(tx, { pass, now });
    if (outcome.isFull) {
      await tx
        .update(issuedPasses)
        .set({ paidStatus: 'canceled', reservedUntil: null, updatedAt: now })
        .where(and(eq(issuedPasses.tenantId, tenantId), eq(issuedPasses.id, passId)));
    }
    const after = await loadConsolePass(tx, tenantId, passId, now);
    await recordAudit(tx, {
      tenantId,
      actor: context.auditActor,
      action: 'pass.refund',
      entityType: 'pass',
      entityId: passId,
      before: {
        paidStatus: before.permit.paidStatus,
        refundable: before.refundable,
        expiresAt: before.permit.expiresAt,
      },
      after: {
        paidStatus: after.permit.paidStatus,
        expiresAt: after.permit.expiresAt,
        extensionsUndone: extensions.undone,
        refundable: after.refundable,
        refundAmount: outcome.amount,
        reason: body.reason,
      },
    });
    const [product] = await tx
      .select({ name: passProducts.name })
      .from(passProducts)
      .where(and(eq(passProducts.tenantId, tenantId), eq(passProducts.id, pass.productId)));
    await enqueueRefundEmail(tx, {
      tenantId,
      to: pass.customerEmail,
      name: pass.customerName,
      subject: { kind: 'pass', product: product?.name ?? '', number: pass.customerPermitId },
      amount: outcome.amount,
      reason: body.reason,
      isFull: outcome.isFull,
      url: `${tenantBaseUrl(options.config, context.tenant.subdomain)}/permit/issued/${pass.id}/receipt`,
      now,
    });
    return {
      after,
      isFull: outcome.isFull,
      // An undone extension ends the pass earlier, perhaps already: its place may be free.
      hasFreedTime: outcome.isFull || extensions.undone > 0,
      hasSubscription: pass.subscriptionRef !== null,
      productId: pass.productId,
    };
  });
  if (refunded.hasFreedTime) {
    // The freed place goes to the first person on the product's waitlist, if it keeps one.
    await offerFreedPlaces({
      db,
      links: { config: options.config },
      tenantId,
      productId: refunded.productId,
      now,
    });
  }
  if (!refunded.isFull) return refunded.after;
  if (refunded.hasSubscription) {
    // After the commit: the pass is canceled either way; a renewal that cannot be stopped now is
    // logged by cancelPassRenewal and stopped by the canceled pass's next renewal event.
    await cancelPassRenewal({ db, gateway, tenantId, passId, now, log }).catch((error: unknown) =>
      log.error({ err: error, passId }, 'could not stop the renewal of a refunded pass'),
    );
  }
  return refunded.after;
}
