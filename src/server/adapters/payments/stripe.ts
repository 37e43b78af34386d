import type Stripe from 'stripe';
import type { Currency } from '../../../shared/rules/currencies';
import type { Clock } from '../../clock';
import {
  type CheckoutLineItem,
  type CheckoutRequest,
  type PaymentGateway,
  PaymentProviderError,
  type SavedCard,
  type SubscriptionCheckoutRequest,
  WebhookRejectedError,
} from './port';
import { callStripe, createStripeClient, type StripeClientOptions } from './stripe-client';
import { readStripeEvent, SUBSCRIPTION_ID_METADATA_KEY } from './stripe-events';

export interface StripeOptions extends StripeClientOptions {
  webhookSecret: string;
  clock: Clock;
}

/** Stripe's default: an event signed more than five minutes ago (or ahead) may be a replay. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const lineItemsOf = (
  items: CheckoutLineItem[],
  currency: Currency,
  recurring?: Stripe.Checkout.SessionCreateParams.LineItem.PriceData.Recurring,
) =>
  items.map((item) => ({
    quantity: 1,
    price_data: {
      currency,
      unit_amount: item.amount,
      product_data: { name: item.name },
      ...(recurring ? { recurring } : {}),
    },
  }));

/** The time a Stripe-Signature header says it was signed ('t=...'), in seconds. */
function signedAtSeconds(header: string): number | null {
  const value = /(?:^|,)\s*t=(\d+)\s*(?:,|$)/.exec(header)?.[1];
  return value ? Number(value) : null;
}

/**
 * Stripe through its official SDK (decision record 076): pinned API version, timeout and
 * retries; every call that creates something carries an idempotency key derived from our own
 * ids, so a retry (the SDK's or ours) never creates it twice.
 */
export function createStripeGateway(options: StripeOptions): PaymentGateway {
  const stripe = createStripeClient(options);

  return {
    provider: 'stripe',

    async createCheckoutSession(request: CheckoutRequest) {
      const session = await callStripe(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
            expires_at: request.expiresAt ? Math.floor(request.expiresAt.getTime() / 1000) : undefined,
            client_reference_id: request.paymentSessionId,
            customer: request.providerCustomerId ?? undefined,
            customer_email: request.providerCustomerId ? undefined : (request.customerEmail ?? undefined),
            line_items: lineItemsOf(request.lineItems, request.currency),
            metadata: { payment_session_id: request.paymentSessionId },
            // A destination charge: Stripe moves the payment to the tenant's account and the
            // application fee back to the platform.
            payment_intent_data:
              request.destination || request.savePaymentMethod
                ? {
                    ...(request.destination
                      ? {
                          transfer_data: { destination: request.destination.accountId },
                          application_fee_amount:
                            request.destination.applicationFeeAmount > 0
                              ? request.destination.applicationFeeAmount
                              : undefined,
                        }
                      : {}),
                    // A payment plan charges the same card later, without the payer.
                    ...(request.savePaymentMethod ? { setup_future_usage: 'off_session' as const } : {}),
                  }
                : undefined,
            // A saved card lives on a Customer: one is made for a payer who has none.
            customer_creation:
              request.savePaymentMethod && !request.providerCustomerId ? 'always' : undefined,
          },
          // Our session id: a retried request never opens a second Stripe session.
          { idempotencyKey: `checkout-${request.paymentSessionId}` },
        ),
      );
      if (!session.url) throw new PaymentProviderError('Stripe opened a Checkout session without a URL.');
      return { providerSessionId: session.id, url: session.url };
    },

    async createSubscriptionCheckout(request: SubscriptionCheckoutRequest) {
      const metadata = {
        payment_session_id: request.paymentSessionId,
        [SUBSCRIPTION_ID_METADATA_KEY]: request.subscriptionId,
      };
      const session = await callStripe(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
            client_reference_id: request.paymentSessionId,
            customer: request.providerCustomerId ?? undefined,
            customer_email: request.providerCustomerId ? undefined : (request.customerEmail ?? undefined),
            line_items: lineItemsOf(request.lineItems, request.currency, {
              interval: request.period.interval,
              interval_count: request.period.count,
            }),
            metadata,
            // Copied onto the subscription, so its invoices and its end carry our id too.
            subscription_data: { metadata },
          },
          { idempotencyKey: `subscription-checkout-${request.paymentSessionId}` },
        ),
      );
      if (!session.url) throw new PaymentProviderError('Stripe opened a Checkout session without a URL.');
      return { providerSessionId: session.id, url: session.url };
    },

    async cancelSubscriptionAtPeriodEnd({ providerSubscriptionId, key }) {
      await callStripe(() =>
        stripe.subscriptions.update(
          providerSubscriptionId,
          { cancel_at_period_end: true },
          { idempotencyKey: `cancel-${key}` },
        ),
      );
    },

    async createCustomer({ customerId, email, name }) {
      const customer = await callStripe(() =>
        stripe.customers.create(
          { email, name, metadata: { customer_id: customerId } },
          { idempotencyKey: `customer-${customerId}` },
        ),
      );
      return customer.id;
    },

    async createPortalSession({ providerCustomerId, returnUrl }) {
      // A portal link is meant to be fresh each time: the SDK's own key covers its retries.
      const session = await callStripe(() =>
        stripe.billingPortal.sessions.create({ customer: providerCustomerId, return_url: returnUrl }),
      );
      return session.url;
    },

    async listCards(providerCustomerId): Promise<SavedCard[]> {
      const methods = await callStripe(() =>
        stripe.customers.listPaymentMethods(providerCustomerId, { type: 'card', limit: 100 }),
      );
      return methods.data.flatMap(({ card }) =>
        card
          ? [{ brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year }]
          : [],
      );
    },

    async refund({ providerPaymentId, key, amount }) {
      const refund = await callStripe(() =>
        stripe.refunds.create(
          // An operator's refund names its amount (part of the charge); an automatic one is the
          // whole of a duplicate payment.
          amount === undefined
            ? { payment_intent: providerPaymentId, reason: 'duplicate' }
            : { payment_intent: providerPaymentId, amount, reason: 'requested_by_customer' },
          { idempotencyKey: `refund-${key}` },
        ),
      );
      return { refundId: refund.id };
    },

    async findSavedPaymentMethod(providerPaymentId) {
      const intent = await callStripe(() => stripe.paymentIntents.retrieve(providerPaymentId));
      const method = intent.payment_method;
      const customer = intent.customer;
      if (!method) return null;
      return {
        providerCustomerId: typeof customer === 'string' ? customer : (customer?.id ?? null),
        paymentMethodId: typeof method === 'string' ? method : method.id,
      };
    },

    async chargeSavedPaymentMethod({
      method,
      amount,
      currency,
      description,
      key,
      metadata,
      destinationAccountId,
    }) {
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.create(
          {
            amount,
            currency,
            customer: method.providerCustomerId ?? undefined,
            payment_method: method.paymentMethodId,
            off_session: true,
            confirm: true,
            description,
            metadata,
            transfer_data: destinationAccountId ? { destination: destinationAccountId } : undefined,
            expand: ['latest_charge'],
          },
          // One charge per instalment attempt, however often the request is retried.
          { idempotencyKey: `instalment-${key}` },
        );
      } catch (error) {
        // A decline (402 card_error) is an answer: the instalment failed. Anything else is not known.
        if (error instanceof Error && (error as { type?: string }).type === 'StripeCardError') {
          return { status: 'failed', message: error.message };
        }
        return callStripe(() => Promise.reject(error));
      }
      if (intent.status !== 'succeeded') {
        return { status: 'failed', message: `The payment needs the payer (${intent.status}).` };
      }
      const charge = intent.latest_charge;
      return {
        status: 'succeeded',
        providerPaymentId: intent.id,
        receiptUrl: typeof charge === 'object' && charge ? (charge.receipt_url ?? null) : null,
      };
    },

    async findReceiptUrl(providerPaymentId) {
      const intent = await callStripe(() =>
        stripe.paymentIntents.retrieve(providerPaymentId, { expand: ['latest_charge'] }),
      );
      const charge = intent.latest_charge;
      return typeof charge === 'object' && charge ? (charge.receipt_url ?? null) : null;
    },

    readWebhook(rawBody, signatureHeader) {
      const now = options.clock.now();
      let json: Stripe.Event;
      try {
        // The SDK checks the HMAC and the age against our clock (tests move it).
        json = stripe.webhooks.constructEvent(
          rawBody,
          signatureHeader ?? '',
          options.webhookSecret,
          SIGNATURE_TOLERANCE_SECONDS,
          undefined,
          now.getTime(),
        );
      } catch (error) {
        throw new WebhookRejectedError(
          `Stripe-Signature rejected: ${(error as Error).message.split('\n')[0]}`,
        );
      }
      // The SDK only refuses old signatures; one dated ahead of our clock is refused too.
      const signedAt = signedAtSeconds(signatureHeader ?? '');
      if (signedAt === null || signedAt - now.getTime() / 1000 > SIGNATURE_TOLERANCE_SECONDS) {
        throw new WebhookRejectedError('Stripe-Signature timestamp is outside the tolerance.');
      }
      return readStripeEvent(json);
    },
  };
}
