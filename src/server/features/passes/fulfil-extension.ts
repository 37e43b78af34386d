import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { issuedPasses, type PaymentSessionRow, passExtensions } from '../../db/schema';
import type { FulfilmentResult } from '../payments';
import { applyExtension } from './extend-pass';
import { countHeldPlaces, countWaiting, findPassProduct } from './queries';

/**
 * What an extension's payment does (purpose 'pass_extension', decision 236), in the transaction
 * that marks the session paid: the pass's end moves to the extension's, once. Refused (the money
 * goes back) when the extension was paid already, the pass changed since (cancelled, or its end
 * moved by another extension), or, paid after the pass had ended, its place has gone meanwhile.
 */
export async function fulfilExtensionPayment(
  tx: Transaction,
  session: PaymentSessionRow,
  paidAt: Date,
): Promise<FulfilmentResult> {
  const [extension] = await tx
    .select()
    .from(passExtensions)
    .where(and(eq(passExtensions.tenantId, session.tenantId), eq(passExtensions.id, session.subjectId)))
    .for('update');
  if (!extension) return 'not-payable';
  if (extension.status === 'paid') return 'already-paid';
  if (extension.status !== 'pending') return 'not-payable';
  if (extension.amount !== session.amount) return 'amount-changed';
  const [pass] = await tx
    .select()
    .from(issuedPasses)
    .where(and(eq(issuedPasses.tenantId, session.tenantId), eq(issuedPasses.id, extension.passId)))
    .for('update');
  const isUnchanged =
    pass?.paidStatus === 'paid' && pass.expiresAt.getTime() === extension.startsAt.getTime();
  if (!pass || !isUnchanged || !(await hasPlaceAfterEnd(tx, pass, paidAt))) {
    await tx.update(passExtensions).set({ status: 'refused' }).where(eq(passExtensions.id, extension.id));
    return 'not-payable';
  }
  await applyExtension(tx, extension, paidAt);
  return 'fulfilled';
}

/**
 * A pass still running holds its place; one that ended before the payment gave it up, so it
 * takes it again only if the product has room and nobody waits (under the product's lock).
 */
async function hasPlaceAfterEnd(
  tx: Transaction,
  pass: typeof issuedPasses.$inferSelect,
  paidAt: Date,
): Promise<boolean> {
  if (pass.expiresAt.getTime() > paidAt.getTime()) return true;
  const product = await findPassProduct(tx, pass.tenantId, pass.productId, { lock: true });
  if (!product) return false;
  if (product.hasWaitlist && (await countWaiting(tx, pass.tenantId, pass.productId)) > 0) return false;
  if (product.capacity === null) return true;
  return (await countHeldPlaces(tx, pass.tenantId, pass.productId, paidAt)) < product.capacity;
}
