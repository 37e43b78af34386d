import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { ConsoleWaitlist } from '../../../shared/contract/waitlists';
import { fillMessage } from '../../../shared/messages/fill';
import { waitlistMessages } from '../../../shared/messages/waitlists';
import type { Config } from '../../config';
import type { Database, Transaction } from '../../db/client';
import { customers, type PassProductRow, passProducts, passWaitlistEntries } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../errors';
import { recordAudit } from '../audit';
import type { OperatorContext } from '../console-passes';
import { countHeldPlaces, lockProduct } from '../passes';
import { offerFreedPlaces } from './offers';
import { lineOrder, listWaiting } from './waitlist-queries';

type Reader = Database | Transaction;

/** A product's line: offers running first (oldest offer first), then people waiting by rank. */
async function lineOf(db: Reader, product: PassProductRow, now: Date): Promise<ConsoleWaitlist> {
  const rows = await db
    .select({ entry: passWaitlistEntries, customerName: customers.fullname })
    .from(passWaitlistEntries)
    .leftJoin(customers, eq(customers.id, passWaitlistEntries.customerId))
    .where(
      and(
        eq(passWaitlistEntries.tenantId, product.tenantId),
        eq(passWaitlistEntries.productId, product.id),
        inArray(passWaitlistEntries.status, ['waiting', 'offered']),
      ),
    )
    .orderBy(
      sql`${passWaitlistEntries.status} = 'waiting'`,
      asc(passWaitlistEntries.offeredAt),
      ...lineOrder,
    );
  let rank = 0;
  return {
    productUUID: product.id,
    productName: product.name,
    capacity: product.capacity,
    heldCount: await countHeldPlaces(db, product.tenantId, product.id, now),
    offerHours: product.waitlistOfferHours,
    entries: rows.map(({ entry, customerName }) => ({
      uuid: entry.id,
      email: entry.email,
      customerName: customerName || null,
      status: entry.status === 'offered' ? ('offered' as const) : ('waiting' as const),
      rank: entry.status === 'waiting' ? ++rank : null,
      joinedAt: entry.joinedAt.toISOString(),
      offerExpiresAt: entry.status === 'offered' ? (entry.offerExpiresAt?.toISOString() ?? null) : null,
    })),
  };
}

/** Every product that keeps a waitlist or still has people on one, in catalogue order. */
export async function listConsoleWaitlists(db: Database, tenantId: string, now: Date) {
  const products = await db
    .select()
    .from(passProducts)
    .where(
      and(
        eq(passProducts.tenantId, tenantId),
        or(
          eq(passProducts.hasWaitlist, true),
          sql`EXISTS (SELECT 1 FROM pass_waitlist_entries e WHERE e.tenant_id = ${passProducts.tenantId} AND e.product_id = ${passProducts.id} AND e.status IN ('waiting', 'offered'))`,
        ),
        isNull(passProducts.archivedAt),
      ),
    )
    .orderBy(asc(passProducts.sortOrder), asc(passProducts.name));
  const items: ConsoleWaitlist[] = [];
  for (const product of products) items.push(await lineOf(db, product, now));
  return items;
}

/** The entry (of this tenant, still on its list) and its product, locked; 404 otherwise. */
async function lockEntry(tx: Transaction, tenantId: string, entryId: string) {
  const [found] = await tx
    .select({ productId: passWaitlistEntries.productId })
    .from(passWaitlistEntries)
    .where(and(eq(passWaitlistEntries.tenantId, tenantId), eq(passWaitlistEntries.id, entryId)));
  if (!found) throw notFound('Waitlist entry');
  // The product first, as every issue and offer takes it, then the entry.
  const product = await lockProduct(tx, tenantId, found.productId);
  if (!product) throw notFound('Waitlist entry');
  const [entry] = await tx
    .select()
    .from(passWaitlistEntries)
    .where(and(eq(passWaitlistEntries.tenantId, tenantId), eq(passWaitlistEntries.id, entryId)))
    .for('update');
  if (!entry || (entry.status !== 'waiting' && entry.status !== 'offered')) throw notFound('Waitlist entry');
  return { product, entry };
}

/** Moves a waiting person to `rank` (1 is next), renumbering the line; audit-logged. */
export async function moveWaitlistEntry(options: {
  db: Database;
  context: OperatorContext;
  entryId: string;
  rank: number;
  now: Date;
}): Promise<ConsoleWaitlist> {
  const { db, context, entryId, rank, now } = options;
  const tenantId = context.tenant.id;
  return db.transaction(async (tx) => {
    const { product, entry } = await lockEntry(tx, tenantId, entryId);
    if (entry.status !== 'waiting') throw new AppError(409, 'not_waiting', waitlistMessages.notWaiting);
    const line = await listWaiting(tx, tenantId, product.id);
    if (rank > line.length)
      throw badRequest(fillMessage(waitlistMessages.rankOutOfRange, { count: line.length }));
    const before = line.findIndex((row) => row.id === entry.id) + 1;
    const reordered = line.filter((row) => row.id !== entry.id);
    reordered.splice(rank - 1, 0, entry);
    for (const [index, row] of reordered.entries()) {
      if (row.position === index + 1) continue;
      await tx
        .update(passWaitlistEntries)
        .set({ position: index + 1, updatedAt: now })
        .where(eq(passWaitlistEntries.id, row.id));
    }
    await recordAudit(tx, {
      tenantId,
      actor: context.auditActor,
      action: 'waitlist.move',
      entityType: 'waitlist-entry',
      entityId: entry.id,
      before: { product: product.name, email: entry.email, rank: before },
      after: { product: product.name, email: entry.email, rank },
    });
    return lineOf(tx, product, now);
  });
}

/**
 * Removes a person from a waitlist; audit-logged. A place held for them is freed and offered to
 * the next in line after the commit.
 */
export async function removeWaitlistEntry(options: {
  db: Database;
  config: Pick<Config, 'publicBaseUrl'>;
  context: OperatorContext;
  entryId: string;
  now: Date;
}): Promise<ConsoleWaitlist> {
  const { db, context, entryId, now } = options;
  const tenantId = context.tenant.id;
  const { product, wasOffered } = await db.transaction(async (tx) => {
    const { product, entry } = await lockEntry(tx, tenantId, entryId);
    await tx
      .update(passWaitlistEntries)
      .set({ status: 'removed', updatedAt: now })
      .where(eq(passWaitlistEntries.id, entry.id));
    await recordAudit(tx, {
      tenantId,
      actor: context.auditActor,
      action: 'waitlist.remove',
      entityType: 'waitlist-entry',
      entityId: entry.id,
      before: { product: product.name, email: entry.email, status: entry.status },
      after: { product: product.name, email: entry.email, status: 'removed' },
    });
    return { product, wasOffered: entry.status === 'offered' };
  });
  if (wasOffered)
    await offerFreedPlaces({ db, links: { config: options.config }, tenantId, productId: product.id, now });
  return lineOf(db, product, now);
}
