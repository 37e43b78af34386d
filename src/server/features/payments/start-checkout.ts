import { randomUUID } from 'node:crypto';
import { inputErrorMessages } from '../../../shared/messages/input-errors';
import { type BillingPeriod, type PaymentGateway, PaymentProviderError } from '../../adapters/payments/port';
import type { Database } from '../../db/client';
import { subscriptions, type TenantRow } from '../../db/schema';
import { AppError, badRequest } from '../../errors';
import { checkoutLineItems } from './checkout-line-items';
import type { PaymentPurpose } from './fulfilments';
import { insertPaymentSession } from './queries';

/**
 * How long a checkout takes payment: long enough to find a card, short enough that what it
 * charges is still what its subject costs (the fulfilment re-checks anyway). Stripe's shortest is
 * 30 minutes from its own clock; one more minute covers clock difference and the request's trip.
 */
export const CHECKOUT_LIFETIME_MS = 31 * 60_000;

export const paymentUnavailable = () =>
  new AppError(
    502,
    'payment_provider_error',
    'The payment provider is not available. Please try again later.',
  );

/** Where the browser returns from a checkout: the subject's page, which reads the outcome. */
export const checkoutReturnUrls = (pageUrl: string) => ({
  successUrl: `${pageUrl}?checkout=success`,
  cancelUrl: `${pageUrl}?checkout=cancelled`,
});

/**
 * A checkout's amount columns: the total charged (the subject's own line plus the fee lines) and
 * each fee, so a report can tell what the subject brought in from what the fees did.
 */
export function checkoutAmounts(options: {
  amount: number;
  description: string;
  fees?: { processingFee: number; serviceFee: number };
}) {
  const processingFee = options.fees?.processingFee ?? 0;
  const serviceFee = options.fees?.serviceFee ?? 0;
  if (![processingFee, serviceFee].every((fee) => Number.isInteger(fee) && fee >= 0)) {
    throw badRequest(inputErrorMessages.feeWholeCents);
  }
  return {
    amount: options.amount + processingFee + serviceFee,
    description: options.description,
    processingFee,
    serviceFee,
  };
}

/**
 * Opens a hosted checkout for one thing (a notice, a pass) and answers the address to send the
 * browser to. The provider session is opened first and our record written after, in one insert:
 * a provider failure leaves nothing behind, and an orphaned provider session simply expires.
 */
export async function startCheckout(options: {
  db: Database;
  gateway: PaymentGateway;
  tenant: TenantRow;
  purpose: PaymentPurpose;
  subjectId: string;
  /** What the subject itself costs, before fees. */
  amount: number;
  description: string;
  /** The tenant's fee lines on top of `amount`; none when left out. */
  fees?: { processingFee: number; serviceFee: number };
  successUrl: string;
  cancelUrl: string;
  customerId?: string | null;
  customerEmail?: string | null;
  providerCustomerId?: string | null;
  /** Keep the card for later off-session charges (a payment plan's next instalments). */
  savePaymentMethod?: boolean;
  now: Date;
  log?: { error(object: unknown, message: string): void };
  /**
   * A subscription checkout (purpose 'subscription', subject the subscription's id): its payment
   * starts this subscription, billed `amount` plus fees every period (start-subscription-checkout.ts).
   */
  subscription?: { purpose: string; subjectId: string; period: BillingPeriod };
}): Promise<{ checkoutURL: string }> {
  if (!Number.isInteger(options.amount) || options.amount <= 0) {
    throw badRequest(inputErrorMessages.nothingToPay);
  }
  const amounts = checkoutAmounts(options);
  const { serviceFee } = amounts;
  const paymentSessionId = randomUUID();
  const request = {
    paymentSessionId,
    lineItems: checkoutLineItems(amounts),
    // A tenant's every amount is in its one currency (decision 244).
    currency: options.tenant.currency,
    successUrl: options.successUrl,
    cancelUrl: options.cancelUrl,
    expiresAt: new Date(options.now.getTime() + CHECKOUT_LIFETIME_MS),
    providerCustomerId: options.providerCustomerId,
    customerEmail: options.customerEmail,
    savePaymentMethod: options.savePaymentMethod,
  };
  const { subscription } = options;
  let opened: { providerSessionId: string; url: string };
  try {
    opened = subscription
      ? await options.gateway.createSubscriptionCheckout({
          ...request,
          subscriptionId: options.subjectId,
          period: subscription.period,
        })
      : await options.gateway.createCheckoutSession({
          ...request,
          destination: options.tenant.stripeAccountId
            ? { accountId: options.tenant.stripeAccountId, applicationFeeAmount: serviceFee }
            : null,
        });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    options.log?.error({ err: error }, 'could not open a checkout session');
    throw paymentUnavailable();
  }
  await options.db.transaction(async (tx) => {
    await insertPaymentSession(tx, {
      id: paymentSessionId,
      tenantId: options.tenant.id,
      provider: options.gateway.provider,
      providerSessionId: opened.providerSessionId,
      purpose: options.purpose,
      subjectId: options.subjectId,
      customerId: options.customerId ?? null,
      ...amounts,
      currency: options.tenant.currency,
      successUrl: options.successUrl,
      cancelUrl: options.cancelUrl,
      createdAt: options.now,
    });
    if (subscription) {
      await tx.insert(subscriptions).values({
        id: options.subjectId,
        tenantId: options.tenant.id,
        provider: options.gateway.provider,
        purpose: subscription.purpose,
        subjectId: subscription.subjectId,
        customerId: options.customerId ?? null,
        checkoutSessionId: paymentSessionId,
        amount: amounts.amount,
        currency: options.tenant.currency,
        interval: subscription.period.interval,
        intervalCount: subscription.period.count,
        createdAt: options.now,
      });
    }
  });
  return { checkoutURL: opened.url };
}
