import { and, eq, gt } from 'drizzle-orm';
import { waitlistMessages } from '../../../shared/messages/waitlists';
import type { Database, Transaction } from '../../db/client';
import { passWaitlistEntries, type WaitlistEntryRow } from '../../db/schema';
import { AppError } from '../../errors';

export type WaitlistOfferRow = WaitlistEntryRow;

export const offerUnavailable = () =>
  new AppError(409, 'offer_unavailable', waitlistMessages.offerUnavailable);

/**
 * The offer a checkout names by its link's token: of this tenant and product, still offered and
 * running at `now`; otherwise a 409 the checkout page shows as it is.
 */
export async function findUsableWaitlistOffer(
  db: Database | Transaction,
  options: { tenantId: string; productId: string; token: string; now: Date },
): Promise<WaitlistOfferRow> {
  const [row] = await db
    .select()
    .from(passWaitlistEntries)
    .where(
      and(
        eq(passWaitlistEntries.tenantId, options.tenantId),
        eq(passWaitlistEntries.productId, options.productId),
        eq(passWaitlistEntries.offerToken, options.token),
        eq(passWaitlistEntries.status, 'offered'),
        gt(passWaitlistEntries.offerExpiresAt, options.now),
      ),
    );
  if (!row) throw offerUnavailable();
  return row;
}

/**
 * Takes the offer for the pass being issued, under the product's lock (decision 210): the
 * conditional update is the guard, so of two checkouts through one link one finds it taken, and an
 * offer that ran out meanwhile is not taken. With no pass (the paid checkout's check) it only looks.
 */
export async function takeWaitlistOffer(
  tx: Transaction,
  options: { offer: WaitlistOfferRow; passId: string | null; now: Date },
): Promise<void> {
  const { offer, passId, now } = options;
  const live = and(
    eq(passWaitlistEntries.id, offer.id),
    eq(passWaitlistEntries.status, 'offered'),
    gt(passWaitlistEntries.offerExpiresAt, now),
  );
  const taken = passId
    ? await tx
        .update(passWaitlistEntries)
        .set({ status: 'accepted', passId, updatedAt: now })
        .where(live)
        .returning({ id: passWaitlistEntries.id })
    : await tx.select({ id: passWaitlistEntries.id }).from(passWaitlistEntries).where(live);
  if (taken.length === 0) throw offerUnavailable();
}
