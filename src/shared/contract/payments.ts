import { z } from 'zod';
import { checkoutResponseSchema } from './citations';
import { subdomainSchema, uuidSchema } from './common';

export const citationCheckoutContract = {
  method: 'GET',
  path: '/citation/checkout/:uuid/subdomain/:subdomain',
  params: z.object({ uuid: uuidSchema, subdomain: subdomainSchema }),
  response: checkoutResponseSchema,
} as const;

/** Stripe's webhook endpoint; the body is read raw, because the signature covers its bytes. */
export const stripeWebhookContract = {
  method: 'POST',
  path: '/payments/stripe/webhook',
  response: z.object({ received: z.literal(true) }),
} as const;

/** Card (part 1 section 3). */
export const cardSchema = z.object({
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
});
export type Card = z.infer<typeof cardSchema>;

export const portalResponseSchema = z.object({ portalURL: z.url() });

export const customerCardsContract = {
  method: 'GET',
  path: '/portal/customer/cards',
  response: z.array(cardSchema),
} as const;

export const customerPortalContract = {
  method: 'GET',
  path: '/portal/customer/stripeportal/:id',
  params: z.object({ id: uuidSchema }),
  querystring: z.object({ subdomain: subdomainSchema.optional() }),
  response: portalResponseSchema,
} as const;

export const billingPortalContract = {
  method: 'POST',
  path: '/billing/portal',
  response: portalResponseSchema,
} as const;
