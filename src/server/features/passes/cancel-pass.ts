import { eq } from 'drizzle-orm';
import { passMessages } from '../../../shared/messages/passes';
import type { PaymentGateway } from '../../adapters/payments/port';
import type { Database } from '../../db/client';
import { issuedPasses } from '../../db/schema';
import { AppError, forbidden } from '../../errors';
import { recordAudit } from '../audit';
import { auditActorOf, loadPassFor, type PassCaller } from './pass-access';
import { cancelPassRenewal } from './pass-payment';

/**
 * Cancel. On the portal (PUT /permits/issued/{id}/cancel) only business-entity customers see
 * 'Cancel Permit' (part 2 sections 2 and 6), and only they may — the pass being their own or their
 * business's; in the console, operators whose role holds 'pass.cancel' (audit-logged). Cancelling
 * twice is harmless: the second answers the canceled pass unchanged. A canceled pass gives up its
 * place at once (it no longer holds capacity); nothing is refunded here (the console's refund
 * does that). A recurring pass stops renewing: the provider's subscription is cancelled at its
 * period's end, after the pass's row has committed; a failure there answers an error and a second
 * cancel tries it again.
 */
export async function cancelPass(options: {
  db: Database;
  gateway: PaymentGateway;
  tenantId: string;
  caller: PassCaller;
  passId: string;
  now: Date;
  log?: { error(object: unknown, message: string): void };
}): Promise<void> {
  const { db, caller, tenantId, now } = options;
  const pass = await db.transaction(async (tx) => {
    const row = await loadPassFor(tx, {
      caller,
      tenantId,
      passId: options.passId,
      action: 'pass.cancel',
      lock: true,
    });
    if (caller.actor.kind !== 'business-member' && caller.actor.kind !== 'operator') {
      throw forbidden(passMessages.cancelOnlyBusiness);
    }
    if (row.paidStatus === 'canceled') return row;
    if (row.paidStatus === 'rejected' || row.paidStatus === 'expired') {
      throw new AppError(409, 'pass_not_changeable', passMessages.passNotChangeable);
    }
    await tx
      .update(issuedPasses)
      .set({ paidStatus: 'canceled', reservedUntil: null, updatedAt: now })
      .where(eq(issuedPasses.id, row.id));
    const auditActor = auditActorOf(caller);
    if (auditActor) {
      await recordAudit(tx, {
        tenantId,
        actor: auditActor,
        action: 'pass.cancel',
        entityType: 'pass',
        entityId: row.id,
        before: { paidStatus: row.paidStatus },
        after: { paidStatus: 'canceled' },
      });
    }
    return row;
  });
  if (pass.subscriptionRef) {
    await cancelPassRenewal({ db, gateway: options.gateway, tenantId, passId: pass.id, log: options.log });
  }
}
