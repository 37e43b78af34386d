import { and, eq, ne } from 'drizzle-orm';
import type { PaymentGateway, SavedCard } from '../../adapters/payments/port';
import { PaymentProviderError } from '../../adapters/payments/port';
import type { Database } from '../../db/client';
import { type CustomerRow, paymentCustomers } from '../../db/schema';
import { paymentUnavailable } from './start-checkout';

async function findLink(db: Database, customerId: string) {
  const [row] = await db.select().from(paymentCustomers).where(eq(paymentCustomers.customerId, customerId));
  return row ?? null;
}

/**
 * The provider's customer of an account, created on first need. A switch of provider (sandbox
 * in development, Stripe later) replaces the link; concurrent first calls keep one of them.
 */
export async function ensurePaymentCustomer(options: {
  db: Database;
  gateway: PaymentGateway;
  customer: CustomerRow;
}): Promise<string> {
  const { db, gateway, customer } = options;
  const existing = await findLink(db, customer.id);
  if (existing?.provider === gateway.provider) return existing.providerCustomerId;
  const providerCustomerId = await gateway.createCustomer({
    customerId: customer.id,
    email: customer.email,
    name: customer.fullname,
  });
  await db
    .insert(paymentCustomers)
    .values({
      customerId: customer.id,
      tenantId: customer.tenantId,
      provider: gateway.provider,
      providerCustomerId,
    })
    .onConflictDoUpdate({
      target: paymentCustomers.customerId,
      set: { provider: gateway.provider, providerCustomerId },
      setWhere: ne(paymentCustomers.provider, gateway.provider),
    });
  const link = await findLink(db, customer.id);
  return link!.providerCustomerId;
}

/** The account's saved cards at the provider; none before it has paid or opened the portal. */
export async function listCustomerCards(options: {
  db: Database;
  gateway: PaymentGateway;
  customer: CustomerRow;
}): Promise<SavedCard[]> {
  const { db, gateway, customer } = options;
  const [link] = await db
    .select()
    .from(paymentCustomers)
    .where(
      and(eq(paymentCustomers.customerId, customer.id), eq(paymentCustomers.provider, gateway.provider)),
    );
  if (!link) return [];
  try {
    return await gateway.listCards(link.providerCustomerId);
  } catch (error) {
    if (error instanceof PaymentProviderError) throw paymentUnavailable();
    throw error;
  }
}

/** A short-lived link to the provider's customer portal, returning to `returnUrl`. */
export async function openCustomerPortal(options: {
  db: Database;
  gateway: PaymentGateway;
  customer: CustomerRow;
  returnUrl: string;
}): Promise<{ portalURL: string }> {
  try {
    const providerCustomerId = await ensurePaymentCustomer(options);
    const portalURL = await options.gateway.createPortalSession({
      providerCustomerId,
      returnUrl: options.returnUrl,
    });
    return { portalURL };
  } catch (error) {
    if (error instanceof PaymentProviderError) throw paymentUnavailable();
    throw error;
  }
}
