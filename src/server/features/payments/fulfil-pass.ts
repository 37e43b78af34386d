import { and, eq, sql } from 'drizzle-orm';
import type { SubscriptionInvoice } from '../../adapters/payments/port';
import type { Transaction } from '../../db/client';
import { productOfPass } from '../../db/pass-joins';
import {
  type IssuedPassRow,
  issuedPasses,
  type PaymentSessionRow,
  passProducts,
  paymentSessions,
  type SubscriptionRow,
  tenants,
} from '../../db/schema';
import { countHeldPlaces, enqueuePassIssuedEmail, enqueuePassPaymentFailedEmail } from '../passes';
import type { SubscriptionFulfilment } from './subscription-fulfilments';

/**
 * What a payment does to a pass: an incomplete pass becomes paid. A pass whose reservation ran
 * out (the sweep marked it expired) is revived if its product still has room, else the money is
 * refunded ('already-paid' sends it back, settle-payment-event.ts), so capacity is never oversold
 * by a late payment.
 */

async function lockPass(tx: Transaction, tenantId: string, passId: string) {
  const [found] = await tx
    .select({ pass: issuedPasses, productName: passProducts.name, capacity: passProducts.capacity })
    .from(issuedPasses)
    .innerJoin(passProducts, productOfPass)
    .where(and(eq(issuedPasses.tenantId, tenantId), eq(issuedPasses.id, passId)))
    .for('update', { of: issuedPasses });
  return found ?? null;
}

/** Whether a released pass may take a place again (under the product's lock). */
async function hasRoomFor(
  tx: Transaction,
  pass: IssuedPassRow,
  capacity: number | null,
  now: Date,
): Promise<boolean> {
  if (capacity === null) return true;
  await tx
    .select({ id: passProducts.id })
    .from(passProducts)
    .where(eq(passProducts.id, pass.productId))
    .for('update');
  return (await countHeldPlaces(tx, pass.tenantId, pass.productId, now)) < capacity;
}

/** The tenant's zone and address for the emails: the address the portal itself gave the provider. */
async function emailContextFor(
  tx: Transaction,
  pass: IssuedPassRow,
  productName: string,
  returnUrl: string,
  now: Date,
) {
  const [tenant] = await tx
    .select({ id: tenants.id, timezone: tenants.timezone })
    .from(tenants)
    .where(eq(tenants.id, pass.tenantId));
  if (!tenant) throw new Error('The pass has no tenant.');
  return { tx, tenant, tenantUrl: new URL(returnUrl).origin, pass, productName, now };
}

export async function fulfilPassPayment(
  tx: Transaction,
  session: PaymentSessionRow,
  paidAt: Date,
): Promise<'fulfilled' | 'already-paid'> {
  const found = await lockPass(tx, session.tenantId, session.subjectId);
  if (!found) return 'already-paid';
  const { pass } = found;
  const isPayable =
    pass.paidStatus === 'incomplete' ||
    (pass.paidStatus === 'expired' &&
      pass.reservedUntil === null &&
      (await hasRoomFor(tx, pass, found.capacity, paidAt)));
  if (!isPayable) return 'already-paid';
  const [paid] = await tx
    .update(issuedPasses)
    .set({ paidStatus: 'paid', reservedUntil: null, receiptUrl: session.receiptUrl, updatedAt: paidAt })
    .where(eq(issuedPasses.id, pass.id))
    .returning();
  await enqueuePassIssuedEmail(
    await emailContextFor(tx, paid!, found.productName, session.successUrl, paidAt),
  );
  return 'fulfilled';
}

async function checkoutReturnUrl(tx: Transaction, subscription: SubscriptionRow): Promise<string | null> {
  if (!subscription.checkoutSessionId) return null;
  const [session] = await tx
    .select({ successUrl: paymentSessions.successUrl })
    .from(paymentSessions)
    .where(eq(paymentSessions.id, subscription.checkoutSessionId));
  return session?.successUrl ?? null;
}

/**
 * A recurring pass: each paid period extends expiresAt to the period's end (and makes a pass that
 * needed payment valid again); a failed renewal marks it 'Needs payment' (incomplete), holding its
 * place until the paid period ends, and emails the holder; the end of the subscription leaves the
 * pass to run out at the end of its last paid period.
 */
export const passSubscriptionFulfilment: SubscriptionFulfilment = {
  async periodPaid(tx, subscription, invoice: SubscriptionInvoice) {
    const found = await lockPass(tx, subscription.tenantId, subscription.subjectId);
    if (!found) return;
    const { pass } = found;
    if (pass.paidStatus === 'canceled' || pass.paidStatus === 'rejected') return;
    const wasPaid = pass.paidStatus === 'paid';
    const [paid] = await tx
      .update(issuedPasses)
      .set({
        paidStatus: 'paid',
        reservedUntil: null,
        subscriptionRef: subscription.id,
        expiresAt: sql`greatest(${issuedPasses.expiresAt}, ${invoice.periodEnd})`,
        updatedAt: sql`now()`,
      })
      .where(eq(issuedPasses.id, pass.id))
      .returning();
    const returnUrl = await checkoutReturnUrl(tx, subscription);
    if (!wasPaid && paid && returnUrl) {
      await enqueuePassIssuedEmail(
        await emailContextFor(tx, paid, found.productName, returnUrl, invoice.periodEnd),
      );
    }
  },
  async renewalFailed(tx, subscription, failedAt) {
    const found = await lockPass(tx, subscription.tenantId, subscription.subjectId);
    if (found?.pass.paidStatus !== 'paid') return;
    const paidUntil = subscription.currentPeriodEnd ?? found.pass.expiresAt;
    const [marked] = await tx
      .update(issuedPasses)
      .set({ paidStatus: 'incomplete', reservedUntil: paidUntil, updatedAt: failedAt })
      .where(eq(issuedPasses.id, found.pass.id))
      .returning();
    const returnUrl = await checkoutReturnUrl(tx, subscription);
    if (marked && returnUrl) {
      await enqueuePassPaymentFailedEmail(
        await emailContextFor(tx, marked, found.productName, returnUrl, failedAt),
      );
    }
  },
  async ended(tx, subscription, endedAt) {
    const found = await lockPass(tx, subscription.tenantId, subscription.subjectId);
    if (!found) return;
    // Nothing is paid beyond the last period: an unpaid renewal ends the pass there.
    if (found.pass.paidStatus === 'incomplete') {
      await tx
        .update(issuedPasses)
        .set({ paidStatus: 'expired', reservedUntil: null, updatedAt: endedAt })
        .where(eq(issuedPasses.id, found.pass.id));
    }
  },
};
