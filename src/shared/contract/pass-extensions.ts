import { z } from 'zod';
import { uuidSchema } from './common';
import { defineRoute } from './define-route';

/**
 * The answer of an extension: where to pay for it (null when the product is free and the pass is
 * already extended), and the pass's end once it is paid.
 */
export const extendPermitResponseSchema = z.object({
  checkoutURL: z.string().nullable(),
  expiresAt: z.string(),
});
export type ExtendPermitResponse = z.infer<typeof extendPermitResponseSchema>;

/**
 * Extending a short pass (issue 31, decision 236): a new purchase of the window after the pass's
 * end, on the same pass, within the product's rules, paid through the tenant's checkout. The
 * pass's uuid is the capability (the reminder email's link); a signed-in owner may send a token.
 */
export const extendPermitContract = defineRoute({
  method: 'POST',
  path: '/permits/issued/:id/extend',
  summary: "Extend a short pass by the window after its end (the uuid's holder, its owner or business)",
  tags: ['passes'],
  auth: 'optional-customer',
  params: z.object({ id: uuidSchema }),
  response: extendPermitResponseSchema,
  errors: [400, 401, 403, 404, 409, 429, 502],
  idempotent: true,
});

/** One paid extension of a pass, as its receipt lists it. */
export const paidExtensionSchema = z.object({
  startsAt: z.string(),
  endsAt: z.string(),
  amount: z.number().int(),
  paidAt: z.string().nullable(),
});

/**
 * What the pass's page offers: whether the pass can be extended now (else why not, in the
 * caller's language), the window it would buy and its price, and the extensions already paid.
 */
export const permitExtensionSchema = z.object({
  isExtendable: z.boolean(),
  /** Why not, when the product allows extension but this pass cannot have it now; null otherwise. */
  reason: z.string().nullable(),
  /** Whether the product allows extension at all: the page says nothing about it otherwise. */
  isOffered: z.boolean(),
  startsAt: z.string(),
  endsAt: z.string(),
  amount: z.number().int(),
  extensions: z.array(paidExtensionSchema),
});
export type PermitExtension = z.infer<typeof permitExtensionSchema>;

export const getPermitExtensionContract = defineRoute({
  method: 'GET',
  path: '/permits/issued/:id/extension',
  summary: 'Whether a short pass can be extended now, the window and price, and its paid extensions',
  tags: ['passes'],
  auth: 'optional-customer',
  params: z.object({ id: uuidSchema }),
  response: permitExtensionSchema,
  errors: [401, 403, 404, 429],
});
