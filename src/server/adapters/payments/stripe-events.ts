import { z } from 'zod';
import type { CheckoutEvent, PaymentEvent, SubscriptionEvent, SubscriptionInvoice } from './port';
import { WebhookRejectedError } from './port';

/**
 * Stripe's events reduced to ours. Parsed with zod rather than trusted to the SDK's types: an
 * event is only as recent as the endpoint's API version, and a field we do not understand must
 * refuse the event (400, Stripe redelivers) rather than be read as undefined.
 */
const metadataSchema = z.record(z.string(), z.string()).nullish();

const checkoutSessionSchema = z.object({
  object: z.literal('checkout.session'),
  id: z.string(),
  mode: z.string().optional(),
  payment_status: z.string().optional(),
  payment_intent: z.string().nullish(),
});

const idOf = z.union([z.string(), z.object({ id: z.string() }).transform((value) => value.id)]);

const invoiceSchema = z.object({
  object: z.literal('invoice'),
  id: z.string(),
  billing_reason: z.string().nullish(),
  amount_paid: z.number().int(),
  amount_due: z.number().int(),
  hosted_invoice_url: z.string().nullish(),
  // API versions from 2025-03-31 ('basil') name the subscription under parent; older ones at the top.
  subscription: idOf.nullish(),
  parent: z
    .object({
      subscription_details: z.object({ subscription: idOf, metadata: metadataSchema }).nullish(),
    })
    .nullish(),
  lines: z.object({ data: z.array(z.object({ period: z.object({ end: z.number().int() }) })) }),
});

const subscriptionSchema = z.object({
  object: z.literal('subscription'),
  id: z.string(),
  metadata: metadataSchema,
  ended_at: z.number().int().nullish(),
});

const eventSchema = z.object({
  id: z.string(),
  type: z.string(),
  created: z.number().int().optional(),
  data: z.object({ object: z.object({ object: z.string().optional() }).passthrough() }),
});

/** The key under which our subscription id travels in Stripe's subscription metadata. */
export const SUBSCRIPTION_ID_METADATA_KEY = 'subscription_id';

const fromSeconds = (seconds: number) => new Date(seconds * 1000);

function parseObject<T extends z.ZodType>(schema: T, value: unknown, type: string): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new WebhookRejectedError(`The ${type} event's object is not what Stripe sends.`);
  return parsed.data;
}

/** Which Checkout events move a payment, and where (Stripe's checkout fulfilment guide). */
function checkoutKind(type: string, paymentStatus: string | undefined): CheckoutEvent['kind'] {
  if (type === 'checkout.session.completed') return paymentStatus === 'paid' ? 'completed' : 'other';
  if (type === 'checkout.session.async_payment_succeeded') return 'completed';
  if (type === 'checkout.session.expired' || type === 'checkout.session.async_payment_failed')
    return 'expired';
  return 'other';
}

const ignored = (eventId: string, type: string): CheckoutEvent => ({
  eventId,
  type,
  kind: 'other',
  providerSessionId: null,
  providerPaymentId: null,
  receiptUrl: null,
});

function invoiceEvent(
  base: { eventId: string; type: string; occurredAt: Date },
  kind: 'subscription-paid' | 'subscription-payment-failed',
  object: unknown,
): PaymentEvent {
  const invoice = parseObject(invoiceSchema, object, base.type);
  const details = invoice.parent?.subscription_details;
  const providerSubscriptionId = details?.subscription ?? invoice.subscription ?? null;
  // A one-off invoice (not a subscription's) is none of the portal's business.
  if (!providerSubscriptionId || invoice.lines.data.length === 0) return ignored(base.eventId, base.type);
  const periodEnd = Math.max(...invoice.lines.data.map((line) => line.period.end));
  const paid: SubscriptionInvoice = {
    providerInvoiceId: invoice.id,
    amount: kind === 'subscription-paid' ? invoice.amount_paid : invoice.amount_due,
    periodEnd: fromSeconds(periodEnd),
    isFirst: invoice.billing_reason === 'subscription_create',
    receiptUrl: invoice.hosted_invoice_url ?? null,
  };
  return {
    ...base,
    kind,
    subscriptionId: details?.metadata?.[SUBSCRIPTION_ID_METADATA_KEY] ?? null,
    providerSubscriptionId,
    invoice: paid,
  } satisfies SubscriptionEvent;
}

/**
 * Maps a verified Stripe event: Checkout sessions (payment and subscription mode) to checkout
 * events; invoice.paid, invoice.payment_failed and customer.subscription.deleted to subscription
 * events; anything else to 'other' (acknowledged, ignored).
 */
export function readStripeEvent(json: unknown): PaymentEvent {
  const parsed = eventSchema.safeParse(json);
  if (!parsed.success) throw new WebhookRejectedError('The event has no id, type or data.object.');
  const { id: eventId, type, created, data } = parsed.data;
  const occurredAt = fromSeconds(created ?? 0);
  const object = data.object;
  switch (object.object) {
    case 'checkout.session': {
      const session = parseObject(checkoutSessionSchema, object, type);
      return {
        eventId,
        type,
        kind: checkoutKind(type, session.payment_status),
        providerSessionId: session.id,
        // A subscription's checkout has no payment intent: its payment is the first invoice.
        providerPaymentId: session.payment_intent ?? null,
        receiptUrl: null,
      };
    }
    case 'invoice':
      if (type === 'invoice.paid')
        return invoiceEvent({ eventId, type, occurredAt }, 'subscription-paid', object);
      if (type === 'invoice.payment_failed')
        return invoiceEvent({ eventId, type, occurredAt }, 'subscription-payment-failed', object);
      return ignored(eventId, type);
    case 'subscription': {
      if (type !== 'customer.subscription.deleted') return ignored(eventId, type);
      const subscription = parseObject(subscriptionSchema, object, type);
      return {
        eventId,
        type,
        kind: 'subscription-canceled',
        subscriptionId: subscription.metadata?.[SUBSCRIPTION_ID_METADATA_KEY] ?? null,
        providerSubscriptionId: subscription.id,
        invoice: null,
        occurredAt: subscription.ended_at ? fromSeconds(subscription.ended_at) : occurredAt,
      };
    }
    default:
      return ignored(eventId, type);
  }
}
