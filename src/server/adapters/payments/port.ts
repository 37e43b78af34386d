import type { Currency } from '../../../shared/rules/currencies';
import type { PaymentProviderName } from '../../db/schema';

/** One line on the hosted checkout; the lines add up to what is charged. */
export interface CheckoutLineItem {
  name: string;
  amount: number;
}

export interface CheckoutRequest {
  /** Our payment session id: the provider echoes it back and uses it to refuse duplicates. */
  paymentSessionId: string;
  /** The thing paid for first, then any fee lines (processing fee, service fee). */
  lineItems: CheckoutLineItem[];
  /** What the amounts (integer cents) are in and are charged in: the tenant's (decision 244). */
  currency: Currency;
  /**
   * Stripe Connect: pay the money out to the tenant's connected account, the platform keeping
   * `applicationFeeAmount` (the service fee). Absent: the platform account keeps the payment.
   */
  destination?: { accountId: string; applicationFeeAmount: number } | null;
  successUrl: string;
  cancelUrl: string;
  /** When the checkout stops taking payment (Stripe: `expires_at`, 30 min to 24 h ahead). */
  expiresAt?: Date;
  providerCustomerId?: string | null;
  customerEmail?: string | null;
  /**
   * Keep the card for later charges without the payer (a payment plan's next instalments):
   * Stripe's `payment_intent_data.setup_future_usage: 'off_session'`, with a Customer to keep it on.
   */
  savePaymentMethod?: boolean;
}

/** A card saved at a checkout, to be charged later without the payer (off session). */
export interface SavedPaymentMethod {
  providerCustomerId: string | null;
  paymentMethodId: string;
}

/** One off-session charge of a saved card: taken, or declined with the provider's reason. */
export type OffSessionCharge =
  | { status: 'succeeded'; providerPaymentId: string; receiptUrl: string | null }
  | { status: 'failed'; message: string };

export interface SavedCard {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** How often a subscription bills: Stripe's recurring interval and interval count. */
export interface BillingPeriod {
  interval: 'day' | 'week' | 'month' | 'year';
  count: number;
}

export interface SubscriptionCheckoutRequest {
  /** Our subscription id: every later event of the subscription carries it (metadata). */
  subscriptionId: string;
  /** Our checkout's session id, as for a one-off checkout. */
  paymentSessionId: string;
  /** What is charged every period: the thing subscribed to, then any fee lines. */
  lineItems: CheckoutLineItem[];
  /** The tenant's currency, as for a one-off checkout. */
  currency: Currency;
  period: BillingPeriod;
  successUrl: string;
  cancelUrl: string;
  providerCustomerId?: string | null;
  customerEmail?: string | null;
}

interface ProviderEventBase {
  eventId: string;
  /** The provider's own event type, kept for the record. */
  type: string;
}

/** A checkout's event (one-off or the first payment of a subscription). */
export interface CheckoutEvent extends ProviderEventBase {
  /** completed: the money is in; expired: the session can no longer be paid; other: ignored. */
  kind: 'completed' | 'expired' | 'other';
  providerSessionId: string | null;
  /** The provider's payment (a Stripe PaymentIntent id); refunds name it. */
  providerPaymentId: string | null;
  receiptUrl: string | null;
}

/** One invoice of a subscription: a period paid, or a renewal that could not be charged. */
export interface SubscriptionInvoice {
  providerInvoiceId: string;
  /** Cents paid (or due, when the payment failed). */
  amount: number;
  /** The end of the period this invoice pays for. */
  periodEnd: Date;
  /** The subscription's first invoice (paid at checkout) rather than a renewal. */
  isFirst: boolean;
  receiptUrl: string | null;
}

/**
 * A subscription's event. paid: an invoice was paid (the start or a renewal), the subscription
 * runs to `invoice.periodEnd`; payment-failed: a renewal could not be charged (the provider
 * retries); canceled: the subscription ended (at period end, or after the last failed retry).
 */
export interface SubscriptionEvent extends ProviderEventBase {
  kind: 'subscription-paid' | 'subscription-payment-failed' | 'subscription-canceled';
  /** Our subscription id, from the subscription's metadata; null when this portal did not open it. */
  subscriptionId: string | null;
  providerSubscriptionId: string;
  /** The invoice of a paid or failed event; null for canceled. */
  invoice: SubscriptionInvoice | null;
  /** When it happened at the provider. */
  occurredAt: Date;
}

/** A provider event reduced to what the portal acts on. */
export type PaymentEvent = CheckoutEvent | SubscriptionEvent;

export function isSubscriptionEvent(event: PaymentEvent): event is SubscriptionEvent {
  return event.kind.startsWith('subscription-');
}

/**
 * The payment provider behind one interface: Stripe in production, the built-in sandbox
 * otherwise. Both end in the same PaymentEvent, handled by the same code.
 */
export interface PaymentGateway {
  readonly provider: PaymentProviderName;
  createCheckoutSession(request: CheckoutRequest): Promise<{ providerSessionId: string; url: string }>;
  /** A hosted checkout whose payment starts a subscription billed every `period`. */
  createSubscriptionCheckout(
    request: SubscriptionCheckoutRequest,
  ): Promise<{ providerSessionId: string; url: string }>;
  /** Stops renewing: the subscription runs to its period end, then a canceled event follows. */
  cancelSubscriptionAtPeriodEnd(input: { providerSubscriptionId: string; key: string }): Promise<void>;
  createCustomer(input: { customerId: string; email: string; name: string }): Promise<string>;
  createPortalSession(input: { providerCustomerId: string; returnUrl: string }): Promise<string>;
  listCards(providerCustomerId: string): Promise<SavedCard[]>;
  /**
   * Gives a payment back, in full or `amount` (cents) of it; `key` makes a retried refund a no-op
   * at the provider. The provider refuses more than is left of the charge.
   */
  refund(input: { providerPaymentId: string; key: string; amount?: number }): Promise<{ refundId: string }>;
  /** The card a checkout's payment saved for later (savePaymentMethod); null when it saved none. */
  findSavedPaymentMethod(providerPaymentId: string): Promise<SavedPaymentMethod | null>;
  /**
   * Charges a saved card without the payer (a plan's instalment). `key` makes a retried request
   * one charge at the provider. A decline answers 'failed'; an unreachable provider throws
   * PaymentProviderError (nothing is known to be charged: the caller tries again later).
   */
  chargeSavedPaymentMethod(input: {
    method: SavedPaymentMethod;
    amount: number;
    /** The currency the card was first charged in: the tenant's. */
    currency: Currency;
    description: string;
    key: string;
    metadata: Record<string, string>;
    /** Stripe Connect: the tenant's account the charge is paid out to, as its checkout was. */
    destinationAccountId?: string | null;
  }): Promise<OffSessionCharge>;
  /** The provider's receipt of a payment, when it has one. */
  findReceiptUrl(providerPaymentId: string): Promise<string | null>;
  /** Checks a webhook's signature and reads it; throws WebhookRejectedError when it does not verify. */
  readWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent;
}

export class WebhookRejectedError extends Error {}

/** The provider answered with an error or could not be reached. */
export class PaymentProviderError extends Error {}
