import { and, eq } from 'drizzle-orm';
import { passMessages } from '../../../shared/messages/passes';
import type { BillingPeriod, PaymentGateway } from '../../adapters/payments/port';
import type { Database, Transaction } from '../../db/client';
import { productOfPass } from '../../db/pass-joins';
import { issuedPasses, passProducts, type TenantRow } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import {
  cancelSubscriptionAtPeriodEnd,
  checkoutReturnUrls,
  startCheckout,
  startSubscriptionCheckout,
} from '../payments';

const PERIOD_BY_BILLING = {
  DAY: { interval: 'day', count: 1 },
  WEEK: { interval: 'week', count: 1 },
  MONTH: { interval: 'month', count: 1 },
  YEAR: { interval: 'year', count: 1 },
} as const satisfies Record<string, BillingPeriod>;

/** The page a pass's checkout returns to, which confirms the payment or says nothing was charged. */
export const passCheckoutPageUrl = (tenantUrl: string, passId: string) =>
  `${tenantUrl}/permits/apply/${passId}/success`;

/** A pass's line on its checkout and receipt: the same for a real checkout and a recorded one. */
export const passCheckoutDescription = (productName: string, customerPermitId: string) =>
  `${productName} #${customerPermitId}`;

/** How often a product's passes are charged: null for a one-time product, paid once. */
export function passBillingPeriod(
  product: Pick<typeof passProducts.$inferSelect, 'billingType' | 'billingPeriod'>,
): BillingPeriod | null {
  if (product.billingType === 'ONE TIME' || product.billingPeriod === 'NONE') return null;
  return PERIOD_BY_BILLING[product.billingPeriod];
}

export const passNotPayable = () => new AppError(409, 'not_payable', passMessages.passNotPayable);

/**
 * GET /portal/permit/checkout/… and /guestcheckout/…: the payment page of an incomplete pass.
 * A one-time product is paid through the 'pass' fulfilment; a recurring one starts a subscription
 * whose paid periods extend the pass (fulfil-pass.ts). The price is the one the pass was issued
 * at, from our record, never from the browser. `customerId` limits a customer to their own passes.
 */
export async function startPassCheckout(options: {
  db: Database;
  gateway: PaymentGateway;
  tenant: TenantRow;
  tenantUrl: string;
  passId: string;
  customerId: string | null;
  now: Date;
  log?: { error(object: unknown, message: string): void };
}): Promise<{ checkoutURL: string }> {
  const { db, tenant, now } = options;
  const [found] = await db
    .select({ pass: issuedPasses, product: passProducts })
    .from(issuedPasses)
    .innerJoin(passProducts, productOfPass)
    .where(and(eq(issuedPasses.tenantId, tenant.id), eq(issuedPasses.id, options.passId)));
  if (!found || (options.customerId && found.pass.customerId !== options.customerId)) throw notFound('Pass');
  const { pass, product } = found;
  if (
    pass.paidStatus !== 'incomplete' ||
    !pass.reservedUntil ||
    pass.reservedUntil <= now ||
    pass.amount <= 0
  ) {
    throw passNotPayable();
  }
  const checkout = {
    db,
    gateway: options.gateway,
    tenant,
    amount: pass.amount,
    description: passCheckoutDescription(product.name, pass.customerPermitId),
    ...checkoutReturnUrls(passCheckoutPageUrl(options.tenantUrl, pass.id)),
    customerId: pass.customerId,
    customerEmail: pass.customerEmail,
    now,
    log: options.log,
  };
  const period = passBillingPeriod(product);
  if (!period) return startCheckout({ ...checkout, purpose: 'pass', subjectId: pass.id });
  const { checkoutURL, subscriptionId } = await startSubscriptionCheckout({
    ...checkout,
    purpose: 'pass',
    subjectId: pass.id,
    period,
  });
  await db
    .update(issuedPasses)
    .set({ subscriptionRef: subscriptionId, updatedAt: now })
    .where(and(eq(issuedPasses.tenantId, tenant.id), eq(issuedPasses.id, pass.id)));
  return { checkoutURL };
}

/**
 * Stops a recurring pass from renewing: it stays valid to the end of the paid period, then the
 * subscription ends (cancel-subscription.ts). Twice, or twice at once, asks the provider once;
 * `onStopped` runs in the transaction that records the stop.
 */
export async function cancelPassRenewal(options: {
  db: Database;
  gateway: PaymentGateway;
  tenantId: string;
  passId: string;
  now: Date;
  onStopped?: (tx: Transaction) => Promise<void>;
  log?: { error(object: unknown, message: string): void };
}): Promise<void> {
  const [pass] = await options.db
    .select({ subscriptionRef: issuedPasses.subscriptionRef })
    .from(issuedPasses)
    .where(and(eq(issuedPasses.tenantId, options.tenantId), eq(issuedPasses.id, options.passId)));
  if (!pass) throw notFound('Pass');
  if (!pass.subscriptionRef) return;
  await cancelSubscriptionAtPeriodEnd({ ...options, subscriptionId: pass.subscriptionRef });
}
