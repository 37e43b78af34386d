import { and, eq, gt } from 'drizzle-orm';
import type { WaitlistOffer } from '../../../shared/contract/waitlists';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { passProducts, passWaitlistEntries, type TenantRow, type WaitlistEntryRow } from '../../db/schema';
import { notFound } from '../../errors';
import { offerUnavailable } from './offer-claims';
import { offerFreedPlaces } from './offers';

async function findByToken(db: Database, tenantId: string, token: string) {
  const [row] = await db
    .select({ entry: passWaitlistEntries, productName: passProducts.name })
    .from(passWaitlistEntries)
    .innerJoin(
      passProducts,
      and(
        eq(passProducts.tenantId, passWaitlistEntries.tenantId),
        eq(passProducts.id, passWaitlistEntries.productId),
      ),
    )
    .where(and(eq(passWaitlistEntries.tenantId, tenantId), eq(passWaitlistEntries.offerToken, token)));
  if (!row) throw notFound('Waitlist offer');
  return row;
}

function toOffer(entry: WaitlistEntryRow, productName: string, now: Date): WaitlistOffer {
  // An offer past its deadline is expired, whether or not the sweep has said so yet.
  const isLapsed = entry.status === 'offered' && entry.offerExpiresAt !== null && entry.offerExpiresAt <= now;
  return {
    productUUID: entry.productId,
    productName,
    status: isLapsed ? 'expired' : entry.status,
    email: entry.email,
    offerExpiresAt: entry.offerExpiresAt?.toISOString() ?? null,
    isCustomer: entry.customerId !== null,
    passUUID: entry.passId,
  };
}

/** A waitlist offer by its link's token (the token is the capability; another tenant's is a 404). */
export async function getWaitlistOffer(options: {
  db: Database;
  tenant: TenantRow;
  token: string;
  now: Date;
}) {
  const { entry, productName } = await findByToken(options.db, options.tenant.id, options.token);
  return toOffer(entry, productName, options.now);
}

/**
 * Declines an offer still running: the person leaves the list and the place goes to the next in
 * line, after the commit, under the product's lock. Declining twice, one after the other or at
 * once, answers the declined offer, and only the call that declined it offers the place on.
 */
export async function declineWaitlistOffer(options: {
  db: Database;
  config: Pick<Config, 'publicBaseUrl'>;
  tenant: TenantRow;
  token: string;
  now: Date;
}): Promise<WaitlistOffer> {
  const { db, tenant, token, now } = options;
  const found = await findByToken(db, tenant.id, token);
  if (found.entry.status === 'declined') return toOffer(found.entry, found.productName, now);
  const [declined] = await db
    .update(passWaitlistEntries)
    .set({ status: 'declined', updatedAt: now })
    .where(
      and(
        eq(passWaitlistEntries.id, found.entry.id),
        eq(passWaitlistEntries.status, 'offered'),
        gt(passWaitlistEntries.offerExpiresAt, now),
      ),
    )
    .returning();
  if (!declined) {
    // Declined at the same moment by another click: the offer is declined all the same, and the
    // place went to the next person once, by that call.
    const current = await findByToken(db, tenant.id, token);
    if (current.entry.status === 'declined') return toOffer(current.entry, current.productName, now);
    throw offerUnavailable();
  }
  await offerFreedPlaces({
    db,
    links: { config: options.config },
    tenantId: tenant.id,
    productId: declined.productId,
    now,
  });
  return toOffer(declined, found.productName, now);
}
