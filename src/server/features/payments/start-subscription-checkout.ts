import { randomUUID } from 'node:crypto';
import { inputErrorMessages } from '../../../shared/messages/input-errors';
import type { BillingPeriod } from '../../adapters/payments/port';
import { badRequest } from '../../errors';
import { startCheckout } from './start-checkout';

type CheckoutOptions = Parameters<typeof startCheckout>[0];

/** Billing periods Stripe accepts: at most one year (365 days, 52 weeks, 12 months). */
const MAX_PERIOD_COUNT = { day: 365, week: 52, month: 12, year: 1 } as const;

/**
 * Opens a hosted checkout whose payment starts a subscription to `subjectId` (e.g. a pass),
 * billed `amount` plus fees every `period`; answers where to send the browser. The subscription
 * is kept in step with the provider's events by handle-payment-event.ts, and what each event
 * does to the subject is its purpose's entry in subscription-fulfilments.ts.
 */
export async function startSubscriptionCheckout(
  options: Omit<CheckoutOptions, 'purpose' | 'subjectId' | 'subscription'> & {
    /** The subscription fulfilment's key: 'pass', ... */
    purpose: string;
    subjectId: string;
    period: BillingPeriod;
  },
): Promise<{ checkoutURL: string; subscriptionId: string }> {
  const { purpose, subjectId, period, ...checkout } = options;
  if (
    !Number.isInteger(period.count) ||
    period.count < 1 ||
    period.count > MAX_PERIOD_COUNT[period.interval]
  ) {
    throw badRequest(inputErrorMessages.billingPeriodRange, 'billingPeriod');
  }
  const subscriptionId = randomUUID();
  const { checkoutURL } = await startCheckout({
    ...checkout,
    purpose: 'subscription',
    subjectId: subscriptionId,
    subscription: { purpose, subjectId, period },
  });
  return { checkoutURL, subscriptionId };
}
