import { z } from 'zod';
import { checkoutResponseSchema } from './citations';
import { subdomainSchema, uuidSchema } from './common';
import { defineRoute } from './define-route';

export const citationCheckoutContract = defineRoute({
  method: 'GET',
  path: '/citation/checkout/:uuid/subdomain/:subdomain',
  summary: "Opens a hosted checkout for a notice's amount due; answers where to send the browser",
  tags: ['payments'],
  auth: 'none',
  params: z.object({ uuid: uuidSchema, subdomain: subdomainSchema }),
  response: checkoutResponseSchema,
  errors: [404, 409, 502],
});

/** Stripe's webhook endpoint; the body is read raw, because the signature covers its bytes. */
export const stripeWebhookContract = defineRoute({
  method: 'POST',
  path: '/payments/stripe/webhook',
  summary: 'Stripe webhook: checkout events mark notices and passes paid, exactly once',
  tags: ['payments'],
  auth: 'none',
  response: z.object({ received: z.literal(true) }),
  errors: [400],
});

/** Card (part 1 section 3). */
export const cardSchema = z.object({
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
});
export type Card = z.infer<typeof cardSchema>;

export const portalResponseSchema = z.object({ portalURL: z.url() });

export const customerCardsContract = defineRoute({
  method: 'GET',
  path: '/portal/customer/cards',
  summary: "The signed-in customer's saved cards",
  tags: ['payments'],
  auth: 'customer',
  response: z.array(cardSchema),
  errors: [401, 404, 502],
});

export const customerPortalContract = defineRoute({
  method: 'GET',
  path: '/portal/customer/stripeportal/:id',
  summary: "A link to the payment provider's customer portal for the signed-in customer",
  tags: ['payments'],
  auth: 'customer',
  params: z.object({ id: uuidSchema }),
  query: z.object({ subdomain: subdomainSchema.optional() }),
  response: portalResponseSchema,
  errors: [401, 404, 502],
});

export const billingPortalContract = defineRoute({
  method: 'POST',
  path: '/billing/portal',
  summary: "A link to the payment provider's customer portal for the signed-in customer",
  tags: ['payments'],
  auth: 'customer',
  response: portalResponseSchema,
  errors: [401, 404, 502],
});
