import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import { formatDate } from '../../../shared/format/dates';
import { fillMessage } from '../../../shared/messages/fill';
import { waitlistMessages } from '../../../shared/messages/waitlists';
import type { Clock } from '../../clock';
import { type Config, tenantBaseUrl } from '../../config';
import type { Database, Transaction } from '../../db/client';
import { type PassProductRow, passWaitlistEntries, type TenantRow, tenants } from '../../db/schema';
import { enqueueEmail } from '../mail';
import { countHeldPlaces, lockProduct } from '../passes';

/** The most offers one round makes for one product (a capacity raise to unlimited offers in rounds). */
const OFFER_BATCH = 200;

export interface OfferContext {
  db: Database;
  /** The tenant's address for the offer's link: given, or made from the configuration. */
  links: { tenantUrl: string } | { config: Pick<Config, 'publicBaseUrl'> };
  tenantId: string;
  productId: string;
  now: Date;
}

/** The page of an offer, which the email links to: buy through it, or decline. */
export const offerPageUrl = (tenantUrl: string, token: string) => `${tenantUrl}/waitlist/offer/${token}`;

/**
 * Offers a product's free places to the first people waiting (decision 210), in one transaction
 * under the product's row lock, the lock every issue of the product takes to count its places:
 * offers that ran out leave the list first, then each place neither held by a pass nor by a running
 * offer goes to the next person in line, who is emailed the link and the deadline. Called after
 * whatever may free a place (a cancel, a refund, a decline, a capacity raise) and by the sweep for
 * what time frees (expiries, lapsed reservations, lapsed offers). Exactly once: two callers count
 * one after the other, and the second sees the first's offers holding their places.
 */
export async function offerFreedPlaces(context: OfferContext): Promise<number> {
  const { db } = context;
  return db.transaction((tx) => offerFreedPlacesIn(tx, context));
}

async function offerFreedPlacesIn(tx: Transaction, context: OfferContext): Promise<number> {
  const { tenantId, productId, now } = context;
  const product = await lockProduct(tx, tenantId, productId);
  if (!product) return 0;
  const ofProduct = and(
    eq(passWaitlistEntries.tenantId, tenantId),
    eq(passWaitlistEntries.productId, productId),
  );
  await tx
    .update(passWaitlistEntries)
    .set({ status: 'expired', updatedAt: now })
    .where(
      and(ofProduct, eq(passWaitlistEntries.status, 'offered'), lte(passWaitlistEntries.offerExpiresAt, now)),
    );
  if (!product.hasWaitlist) {
    // A waitlist turned off is closed: nobody is left waiting for an offer that cannot come.
    await tx
      .update(passWaitlistEntries)
      .set({ status: 'removed', updatedAt: now })
      .where(and(ofProduct, eq(passWaitlistEntries.status, 'waiting')));
    return 0;
  }
  const free =
    product.capacity === null
      ? OFFER_BATCH
      : Math.min(OFFER_BATCH, product.capacity - (await countHeldPlaces(tx, tenantId, productId, now)));
  if (free <= 0) return 0;
  const next = await tx
    .select()
    .from(passWaitlistEntries)
    .where(and(ofProduct, eq(passWaitlistEntries.status, 'waiting')))
    .orderBy(
      asc(passWaitlistEntries.position),
      asc(passWaitlistEntries.joinedAt),
      asc(passWaitlistEntries.id),
    )
    .limit(free)
    .for('update');
  if (next.length === 0) return 0;
  const [tenant] = await tx.select().from(tenants).where(eq(tenants.id, tenantId));
  if (!tenant) return 0;
  const offerExpiresAt = new Date(now.getTime() + product.waitlistOfferHours * 3_600_000);
  for (const entry of next) {
    const offerToken = randomBytes(24).toString('base64url');
    await tx
      .update(passWaitlistEntries)
      .set({ status: 'offered', offerToken, offeredAt: now, offerExpiresAt, updatedAt: now })
      .where(eq(passWaitlistEntries.id, entry.id));
    await enqueueOfferEmail(tx, {
      tenant,
      product,
      to: entry.email,
      url: offerPageUrl(
        'tenantUrl' in context.links
          ? context.links.tenantUrl
          : tenantBaseUrl(context.links.config, tenant.subdomain),
        offerToken,
      ),
      offerExpiresAt,
      now,
    });
  }
  return next.length;
}

async function enqueueOfferEmail(
  tx: Transaction,
  options: {
    tenant: TenantRow;
    product: PassProductRow;
    to: string;
    url: string;
    offerExpiresAt: Date;
    now: Date;
  },
) {
  const values = {
    product: options.product.name,
    deadline: formatDate(options.offerExpiresAt, options.tenant.timezone, 'dateTime'),
  };
  await enqueueEmail(tx, {
    tenantId: options.tenant.id,
    to: options.to,
    now: options.now,
    email: {
      subject: fillMessage(waitlistMessages.offerEmailSubject, values),
      heading: waitlistMessages.offerEmailHeading,
      paragraphs: [fillMessage(waitlistMessages.offerEmailBody, values), waitlistMessages.offerEmailAfter],
      action: { label: waitlistMessages.offerEmailAction, url: options.url },
    },
  });
}

/**
 * The sweep (on the injected clock): every product with someone waiting or an offer running gets a
 * round of offerFreedPlaces, which ends lapsed offers and offers what time has freed. Safe in
 * several processes at once: each product's round runs under its row lock.
 */
export async function sweepWaitlists(options: {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'publicBaseUrl'>;
}): Promise<number> {
  const { db, clock, config } = options;
  const lines = await db
    .selectDistinct({ tenantId: passWaitlistEntries.tenantId, productId: passWaitlistEntries.productId })
    .from(passWaitlistEntries)
    .where(inArray(passWaitlistEntries.status, ['waiting', 'offered']));
  let offered = 0;
  for (const line of lines) {
    offered += await offerFreedPlaces({ db, links: { config }, ...line, now: clock.now() });
  }
  return offered;
}
