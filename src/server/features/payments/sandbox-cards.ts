import { eq } from 'drizzle-orm';
import type { SavedCard } from '../../adapters/payments/port';
import type { Database } from '../../db/client';
import { paymentCustomers, sandboxCards } from '../../db/schema';

/** Keeps a card on the sandbox customer of an account, when the account has one. */
export async function saveSandboxCardForCustomer(db: Database, customerId: string, card: SavedCard) {
  const [link] = await db
    .select({ providerCustomerId: paymentCustomers.providerCustomerId })
    .from(paymentCustomers)
    .where(eq(paymentCustomers.customerId, customerId));
  if (!link) return;
  await db.insert(sandboxCards).values({ providerCustomerId: link.providerCustomerId, ...card });
}
