import { z } from 'zod';
import { QUOTA_MEASURES } from '../rules/pass-values';
import { uuidSchema } from './common';
import { defineRoute } from './define-route';

/**
 * Guest quotas per household (issue 31, decision 223): what a customer has left of a product's
 * quota, and an operator's override of it for one pass.
 */

export const quotaStandingSchema = z.object({
  measure: z.enum(QUOTA_MEASURES),
  limit: z.number(),
  used: z.number(),
  remaining: z.number(),
  /** The window's length in days for a quota of days (the guest quota); null for other periods. */
  perDays: z.number().int().nullable(),
  /** When the oldest counted pass leaves the rolling window: what is left is left until then. */
  until: z.string().nullable(),
  /** An operator's unused override lets the next pass past the cap. */
  hasOverride: z.boolean(),
});
export type QuotaStandingAnswer = z.infer<typeof quotaStandingSchema>;

export const getQuotaStandingContract = defineRoute({
  method: 'GET',
  path: '/portal/permit-quota/:id',
  summary: "What the signed-in customer has left of a pass's quota (null: no quota, or signed out)",
  tags: ['passes'],
  auth: 'optional-customer',
  params: z.object({ id: uuidSchema }),
  response: z.object({ quota: quotaStandingSchema.nullable() }),
  errors: [404],
});

const customerParams = z.object({ uuid: uuidSchema });

export const quotaOverrideSchema = z.object({
  uuid: z.uuid(),
  productUUID: z.uuid(),
  productName: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});

export const customerQuotasSchema = z.object({
  /** The tenant's products with a per-customer quota, for the override's choice. */
  products: z.array(z.object({ uuid: z.uuid(), name: z.string() })),
  /** Overrides granted and not used yet. */
  pending: z.array(quotaOverrideSchema),
});
export type CustomerQuotas = z.infer<typeof customerQuotasSchema>;

export const listQuotaOverridesContract = defineRoute({
  method: 'GET',
  path: '/dashboard/customers/:uuid/quota-overrides',
  summary: "A customer's unused quota overrides, and the products with a quota",
  tags: ['console'],
  auth: 'operator',
  permission: 'customer.list',
  params: customerParams,
  response: customerQuotasSchema,
  errors: [401, 403, 404],
});

export const grantQuotaOverrideBodySchema = z.object({
  productUUID: uuidSchema,
  reason: z
    .string()
    .trim()
    .max(500, 'must be at most 500 characters')
    .nullish()
    .transform((value) => value || null),
});

export const grantQuotaOverrideContract = defineRoute({
  method: 'POST',
  path: '/dashboard/customers/:uuid/quota-overrides',
  summary: "Let a customer's next pass of a product past its quota through, once (audited)",
  tags: ['console'],
  auth: 'operator',
  permission: 'customer.manage',
  params: customerParams,
  body: grantQuotaOverrideBodySchema,
  response: customerQuotasSchema,
  errors: [400, 401, 403, 404, 409],
});
