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
