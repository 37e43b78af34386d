import { and, eq, sql } from 'drizzle-orm';
import type { WaitlistPlace } from '../../../shared/contract/waitlists';
import { waitlistMessages } from '../../../shared/messages/waitlists';
import { isValidEmail } from '../../../shared/rules/account-validation';
import type { Database } from '../../db/client';
import {
  type CustomerRow,
  passWaitlistEntries,
  type TenantRow,
  type WaitlistEntryRow,
} from '../../db/schema';
import { AppError, badRequest, forbidden, notFound } from '../../errors';
import { assertCatalogueVisible, countHeldPlaces, countWaiting, lockProduct } from '../passes';
import { findActiveEntry, rankOf } from './waitlist-queries';

async function placeOf(
  db: Database,
  entry: WaitlistEntryRow,
  wasAlreadyOnList: boolean,
): Promise<WaitlistPlace> {
  return {
    uuid: entry.id,
    email: entry.email,
    status: entry.status,
    rank: await rankOf(db, entry),
    wasAlreadyOnList,
  };
}

/**
 * Joins a sold-out product's waitlist (issue 31): a signed-in customer with their account's
 * address, anyone else with the address they give. Under the product's row lock, so the sold-out
 * state and the place at the end of the line are read while no place can be taken or freed; a
 * person already on the list keeps their place and is told it.
 */
export async function joinWaitlist(options: {
  db: Database;
  tenant: TenantRow;
  customer: CustomerRow | null;
  productId: string;
  email: string | null | undefined;
  now: Date;
}): Promise<WaitlistPlace> {
  const { db, tenant, customer, productId, now } = options;
  assertCatalogueVisible(tenant, customer);
  const email = (customer?.email ?? options.email ?? '').trim();
  if (!email) throw badRequest(waitlistMessages.emailRequired);
  if (!isValidEmail(email)) throw badRequest(waitlistMessages.emailInvalid);

  const { entry, wasAlreadyOnList } = await db.transaction(async (tx) => {
    const product = await lockProduct(tx, tenant.id, productId);
    if (!product) throw notFound('Pass');
    if (
      product.isBusinessProduct &&
      !(
        customer?.businessAccountId &&
        (product.businessAccountId === null || product.businessAccountId === customer.businessAccountId)
      )
    )
      throw forbidden('This pass is for business accounts only.');
    if (!product.hasWaitlist) throw new AppError(409, 'no_waitlist', waitlistMessages.noWaitlist);
    const existing = await findActiveEntry(tx, { tenantId: tenant.id, productId, email });
    if (existing) return { entry: existing, wasAlreadyOnList: true };
    const isSoldOut =
      product.capacity !== null &&
      ((await countHeldPlaces(tx, tenant.id, productId, now)) >= product.capacity ||
        (await countWaiting(tx, tenant.id, productId)) > 0);
    if (!isSoldOut) throw new AppError(409, 'not_sold_out', waitlistMessages.notSoldOut);
    const [{ next } = { next: 1 }] = await tx
      .select({ next: sql<number>`coalesce(max(${passWaitlistEntries.position}) + 1, 1)::int` })
      .from(passWaitlistEntries)
      .where(and(eq(passWaitlistEntries.tenantId, tenant.id), eq(passWaitlistEntries.productId, productId)));
    const [row] = await tx
      .insert(passWaitlistEntries)
      .values({
        tenantId: tenant.id,
        productId,
        customerId: customer?.id ?? null,
        email,
        position: next,
        status: 'waiting',
        joinedAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('The waitlist insert returned no row.');
    return { entry: row, wasAlreadyOnList: false };
  });
  return placeOf(db, entry, wasAlreadyOnList);
}
