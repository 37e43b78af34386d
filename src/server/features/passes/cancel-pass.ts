import { eq } from 'drizzle-orm';
import { passMessages } from '../../../shared/messages/passes';
import type { PaymentGateway } from '../../adapters/payments/port';
import type { Database } from '../../db/client';
import { type CustomerRow, issuedPasses } from '../../db/schema';
import { AppError, forbidden } from '../../errors';
import { customerActor } from '../permissions';
import { loadPassFor } from './pass-access';
import { cancelPassRenewal } from './pass-payment';

/**
 * Cancel (PUT /permits/issued/{id}/cancel): only business-entity customers see 'Cancel Permit'
 * (part 2 sections 2 and 6), and only they may — the pass being their own or their business's.
 * Cancelling twice is harmless: the second answers the canceled pass unchanged. A canceled pass
 * gives up its place at once (it no longer holds capacity). A recurring pass stops renewing: the
 * provider's subscription is cancelled at its period's end, after the pass's row has committed;
 * a failure there answers an error and a second cancel tries it again.
 */
export async function cancelPass(options: {
  db: Database;
  gateway: PaymentGateway;
  customer: CustomerRow;
  passId: string;
  now: Date;
  log?: { error(object: unknown, message: string): void };
}): Promise<void> {
  const { db, customer, now } = options;
  const actor = customerActor(customer);
  const pass = await db.transaction(async (tx) => {
    const row = await loadPassFor(tx, {
      caller: { actor, operator: null },
      tenantId: customer.tenantId,
      passId: options.passId,
      action: 'pass.cancel',
      lock: true,
    });
    if (actor.kind !== 'business-member') throw forbidden(passMessages.cancelOnlyBusiness);
    if (row.paidStatus === 'canceled') return row;
    if (row.paidStatus === 'rejected' || row.paidStatus === 'expired') {
      throw new AppError(409, 'pass_not_changeable', passMessages.passNotChangeable);
    }
    await tx
      .update(issuedPasses)
      .set({ paidStatus: 'canceled', reservedUntil: null, updatedAt: now })
      .where(eq(issuedPasses.id, row.id));
    return row;
  });
  if (pass.subscriptionRef) {
    await cancelPassRenewal({
      db,
      gateway: options.gateway,
      tenantId: customer.tenantId,
      passId: pass.id,
      log: options.log,
    });
  }
}
