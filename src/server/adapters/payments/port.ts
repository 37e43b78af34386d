import type { PaymentProviderName } from '../../db/schema';

/** Amounts are integer cents; the portal shows and charges US dollars only (see formatMoney). */
export const PAYMENT_CURRENCY = 'usd';

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
}

export interface SavedCard {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** A provider event reduced to what the portal acts on. */
export interface PaymentEvent {
  eventId: string;
  /** completed: the money is in; expired: the session can no longer be paid; other: ignored. */
  kind: 'completed' | 'expired' | 'other';
  /** The provider's own event type, kept for the record. */
  type: string;
  providerSessionId: string | null;
  /** The provider's payment (a Stripe PaymentIntent id); refunds name it. */
  providerPaymentId: string | null;
  receiptUrl: string | null;
}

/**
 * The payment provider behind one interface: Stripe in production, the built-in sandbox
 * otherwise. Both end in the same PaymentEvent, handled by the same code.
 */
export interface PaymentGateway {
  readonly provider: PaymentProviderName;
  createCheckoutSession(request: CheckoutRequest): Promise<{ providerSessionId: string; url: string }>;
  createCustomer(input: { customerId: string; email: string; name: string }): Promise<string>;
  createPortalSession(input: { providerCustomerId: string; returnUrl: string }): Promise<string>;
  listCards(providerCustomerId: string): Promise<SavedCard[]>;
  /** Gives a payment back in full; `key` makes a retried refund a no-op at the provider. */
  refund(input: { providerPaymentId: string; key: string }): Promise<{ refundId: string }>;
  /** The provider's receipt of a payment, when it has one. */
  findReceiptUrl(providerPaymentId: string): Promise<string | null>;
  /** Checks a webhook's signature and reads it; throws WebhookRejectedError when it does not verify. */
  readWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent;
}

export class WebhookRejectedError extends Error {}

/** The provider answered with an error or could not be reached. */
export class PaymentProviderError extends Error {}
