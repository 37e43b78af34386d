import { and, eq } from 'drizzle-orm';
import { passMessages } from '../../../shared/messages/passes';
import type { PaymentGateway } from '../../adapters/payments/port';
import type { Database, Transaction } from '../../db/client';
import { type IssuedPassRow, issuedPasses, passProducts, tenants } from '../../db/schema';
import { AppError } from '../../errors';
import { recordAudit } from '../audit';
import { findSubscription, isRenewing } from '../payments';
import { offerFreedPlaces } from '../waitlists';
import { auditActorOf, loadPassFor, type PassCaller } from './pass-access';
import { enqueuePassCanceledEmail } from './pass-emails';
import { cancelPassRenewal } from './pass-payment';

interface CancelContext {
  tenantId: string;
  /** The tenant's own address, for the email's links. */
  tenantUrl: string;
  now: Date;
}

/** True when the pass's subscription has started and the provider still renews it. */
async function hasRenewalToStop(tx: Transaction, tenantId: string, pass: IssuedPassRow): Promise<boolean> {
  if (!pass.subscriptionRef) return false;
  const subscription = await findSubscription(tx, tenantId, pass.subscriptionRef);
  return Boolean(subscription?.providerSubscriptionId && isRenewing(subscription));
}

async function sendCanceledEmail(tx: Transaction, context: CancelContext, pass: IssuedPassRow) {
  const [found] = await tx
    .select({
      productName: passProducts.name,
      billingType: passProducts.billingType,
      timezone: tenants.timezone,
    })
    .from(passProducts)
    .innerJoin(tenants, eq(tenants.id, passProducts.tenantId))
    .where(and(eq(passProducts.tenantId, context.tenantId), eq(passProducts.id, pass.productId)));
  if (!found) return;
  await enqueuePassCanceledEmail({
    tx,
    tenant: { id: context.tenantId, timezone: found.timezone },
    tenantUrl: context.tenantUrl,
    pass,
    productName: found.productName,
    isRecurring: pass.subscriptionRef !== null,
    now: context.now,
  });
}

/**
 * Cancel (decisions 143 and 178). On the portal (PUT /permits/issued/{id}/cancel) the holder of
 * the pass's uuid — the guest following the link in their email — its owner and the business
 * that issued it may cancel; in the console, operators whose role holds 'pass.cancel'
 * (audit-logged). A canceled pass gives up its place at once; nothing is refunded here (the
 * console's refund does that). A recurring pass stops renewing: the provider's subscription is
 * cancelled at its period's end, after the pass's row has committed; a failure there answers an
 * error and a second cancel tries it again. Exactly once: the provider is asked once, and the
 * holder emailed once — when the pass is canceled, or when a recurring pass's renewal has stopped.
 */
export async function cancelPass(
  options: CancelContext & {
    db: Database;
    gateway: PaymentGateway;
    caller: PassCaller;
    passId: string;
    log?: { error(object: unknown, message: string): void };
  },
): Promise<void> {
  const { db, caller, tenantId, now } = options;
  const { pass, stillRenews } = await db.transaction(async (tx) => {
    const row = await loadPassFor(tx, {
      caller,
      tenantId,
      passId: options.passId,
      action: 'pass.cancel',
      lock: true,
    });
    const renews = await hasRenewalToStop(tx, tenantId, row);
    if (row.paidStatus === 'canceled') return { pass: row, stillRenews: renews };
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
    // Nothing left to stop: the confirmation goes with the cancel itself.
    if (!renews) await sendCanceledEmail(tx, options, row);
    return { pass: row, stillRenews: renews };
  });
  // The freed place goes to the first person on the product's waitlist, if it keeps one.
  await offerFreedPlaces({
    db,
    links: { tenantUrl: options.tenantUrl },
    tenantId,
    productId: pass.productId,
    now,
  });
  if (!stillRenews) return;
  await cancelPassRenewal({
    db,
    gateway: options.gateway,
    tenantId,
    passId: pass.id,
    now,
    onStopped: (tx) => sendCanceledEmail(tx, options, pass),
    log: options.log,
  });
}
