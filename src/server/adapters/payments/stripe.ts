import { z } from 'zod';
import type { Clock } from '../../clock';
import {
  type CheckoutRequest,
  PAYMENT_CURRENCY,
  type PaymentEvent,
  type PaymentGateway,
  PaymentProviderError,
  type SavedCard,
  WebhookRejectedError,
} from './port';
import { verifyStripeSignature } from './stripe-signature';

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  apiBase: string;
  clock: Clock;
}

/** Stripe takes form-encoded bodies with bracketed keys: line_items[0][price_data][currency]. */
export function encodeStripeForm(params: Record<string, unknown>, prefix = ''): URLSearchParams {
  const form = new URLSearchParams();
  const add = (key: string, value: unknown) => {
    if (value === undefined || value === null) return;
    if (typeof value === 'object') {
      for (const [childKey, child] of Object.entries(value)) add(`${key}[${childKey}]`, child);
    } else {
      form.append(key, String(value));
    }
  };
  for (const [key, value] of Object.entries(params)) add(prefix ? `${prefix}[${key}]` : key, value);
  return form;
}

const checkoutSessionSchema = z.object({ id: z.string(), url: z.string() });
const customerSchema = z.object({ id: z.string() });
const portalSessionSchema = z.object({ url: z.string() });
const refundSchema = z.object({ id: z.string() });
const paymentIntentSchema = z.object({
  latest_charge: z.object({ receipt_url: z.string().nullish() }).nullish(),
});
const paymentMethodsSchema = z.object({
  data: z.array(
    z.object({
      card: z.object({ brand: z.string(), last4: z.string(), exp_month: z.number(), exp_year: z.number() }),
    }),
  ),
});
const eventSchema = z.object({
  id: z.string(),
  type: z.string(),
  data: z.object({
    object: z.object({
      id: z.string().optional(),
      object: z.string().optional(),
      payment_status: z.string().optional(),
      payment_intent: z.string().nullish(),
    }),
  }),
});

/** Which Checkout events move a payment, and where (Stripe's checkout fulfilment guide). */
function eventKind(type: string, paymentStatus: string | undefined): PaymentEvent['kind'] {
  if (type === 'checkout.session.completed') return paymentStatus === 'paid' ? 'completed' : 'other';
  if (type === 'checkout.session.async_payment_succeeded') return 'completed';
  if (type === 'checkout.session.expired' || type === 'checkout.session.async_payment_failed')
    return 'expired';
  return 'other';
}

/**
 * Stripe over its REST API with fetch: the handful of calls the portal makes do not justify the
 * SDK (decision record 030).
 */
export function createStripeGateway(options: StripeOptions): PaymentGateway {
  async function call<T extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    schema: T,
    params: Record<string, unknown> = {},
    idempotencyKey?: string,
  ): Promise<z.infer<T>> {
    const form = encodeStripeForm(params);
    const url = new URL(`/v1${path}`, options.apiBase);
    if (method === 'GET') url.search = form.toString();
    const headers: Record<string, string> = { authorization: `Bearer ${options.secretKey}` };
    if (method === 'POST') headers['content-type'] = 'application/x-www-form-urlencoded';
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers,
        body: method === 'POST' ? form.toString() : undefined,
      });
    } catch (error) {
      throw new PaymentProviderError(`Stripe could not be reached: ${(error as Error).message}`);
    }
    const payload: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const message = (payload as { error?: { message?: string } } | null)?.error?.message;
      throw new PaymentProviderError(`Stripe answered ${response.status}: ${message ?? 'no message'}`);
    }
    const parsed = schema.safeParse(payload);
    if (!parsed.success) throw new PaymentProviderError(`Unexpected answer from Stripe ${path}.`);
    return parsed.data;
  }

  return {
    provider: 'stripe',

    async createCheckoutSession(request: CheckoutRequest) {
      const session = await call(
        'POST',
        '/checkout/sessions',
        checkoutSessionSchema,
        {
          mode: 'payment',
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          expires_at: request.expiresAt ? Math.floor(request.expiresAt.getTime() / 1000) : undefined,
          client_reference_id: request.paymentSessionId,
          customer: request.providerCustomerId ?? undefined,
          customer_email: request.providerCustomerId ? undefined : (request.customerEmail ?? undefined),
          line_items: request.lineItems.map((item) => ({
            quantity: 1,
            price_data: {
              currency: PAYMENT_CURRENCY,
              unit_amount: item.amount,
              product_data: { name: item.name },
            },
          })),
          metadata: { payment_session_id: request.paymentSessionId },
          // A destination charge: Stripe moves the payment to the tenant's account and the
          // application fee back to the platform.
          payment_intent_data: request.destination
            ? {
                transfer_data: { destination: request.destination.accountId },
                application_fee_amount:
                  request.destination.applicationFeeAmount > 0
                    ? request.destination.applicationFeeAmount
                    : undefined,
              }
            : undefined,
        },
        // Our session id: a retried request never opens a second Stripe session.
        `checkout-${request.paymentSessionId}`,
      );
      return { providerSessionId: session.id, url: session.url };
    },

    async createCustomer({ customerId, email, name }) {
      const customer = await call(
        'POST',
        '/customers',
        customerSchema,
        { email, name, metadata: { customer_id: customerId } },
        `customer-${customerId}`,
      );
      return customer.id;
    },

    async createPortalSession({ providerCustomerId, returnUrl }) {
      const session = await call('POST', '/billing_portal/sessions', portalSessionSchema, {
        customer: providerCustomerId,
        return_url: returnUrl,
      });
      return session.url;
    },

    async listCards(providerCustomerId): Promise<SavedCard[]> {
      const methods = await call(
        'GET',
        `/customers/${encodeURIComponent(providerCustomerId)}/payment_methods`,
        paymentMethodsSchema,
        { type: 'card', limit: 100 },
      );
      return methods.data.map(({ card }) => ({
        brand: card.brand,
        last4: card.last4,
        expMonth: card.exp_month,
        expYear: card.exp_year,
      }));
    },

    async refund({ providerPaymentId, key }) {
      const refund = await call(
        'POST',
        '/refunds',
        refundSchema,
        { payment_intent: providerPaymentId, reason: 'duplicate' },
        `refund-${key}`,
      );
      return { refundId: refund.id };
    },

    async findReceiptUrl(providerPaymentId) {
      const intent = await call(
        'GET',
        `/payment_intents/${encodeURIComponent(providerPaymentId)}`,
        paymentIntentSchema,
        { expand: ['latest_charge'] },
      );
      return intent.latest_charge?.receipt_url ?? null;
    },

    readWebhook(rawBody, signatureHeader) {
      verifyStripeSignature(rawBody, signatureHeader, options.webhookSecret, options.clock.now());
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new WebhookRejectedError('The event is not JSON.');
      }
      const parsed = eventSchema.safeParse(json);
      if (!parsed.success) throw new WebhookRejectedError('The event has no id, type or data.object.');
      const event = parsed.data;
      const object = event.data.object;
      const isCheckoutSession = object.object === 'checkout.session';
      return {
        eventId: event.id,
        type: event.type,
        kind: isCheckoutSession ? eventKind(event.type, object.payment_status) : 'other',
        providerSessionId: isCheckoutSession ? (object.id ?? null) : null,
        providerPaymentId: isCheckoutSession ? (object.payment_intent ?? null) : null,
        receiptUrl: null,
      };
    },
  };
}
