import { z } from 'zod';
import {
  ADVANCED_TYPE_VALUES,
  BILLING_PERIODS,
  BILLING_TYPES,
  DURATION_UNITS,
  GUEST_FIELDS_TYPES,
  RESIDENCY_RULES,
  TIME_SELECTION_TYPES,
} from '../rules/pass-values';
import { plateFieldSchema } from '../rules/plates';
import { subdomainSchema, uuidSchema } from './common';
import { defineRoute } from './define-route';

/**
 * Parking passes, part 2 section 3: the catalogue a pass is chosen from (products, their images
 * and fields, the rule check). Apart from the checkout's calls (passes.ts) because a contract
 * module builds all its zod schemas when it is loaded: the choose screen, a first page, loads
 * these alone (decision 168).
 */

/** Permit product (section 3) plus our settings; isSoldOut is counted by the server. */
export const permitProductSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  amount: z.number().int(),
  currency: z.string(),
  billingType: z.enum(BILLING_TYPES),
  billingPeriod: z.enum(BILLING_PERIODS),
  permitDuration: z.number().int(),
  permitDurationUnit: z.enum(DURATION_UNITS),
  timeSelectionType: z.union(TIME_SELECTION_TYPES.map((value) => z.literal(value))),
  chosenDate: z.string().nullable(),
  chosenEndDate: z.string().nullable(),
  advancedType: z.union(ADVANCED_TYPE_VALUES.map((value) => z.literal(value))),
  isAutoApproved: z.boolean(),
  isEmailVerify: z.boolean(),
  isSignupCodeRequired: z.boolean(),
  isSoldOut: z.boolean(),
  /** A sold-out product takes names on its waitlist (issue 31). */
  hasWaitlist: z.boolean(),
  isRegImgRequired: z.boolean(),
  needsGuestCode: z.boolean(),
  guestFieldsType: z.union(GUEST_FIELDS_TYPES.map((value) => z.literal(value))),
  guestNeedsPermitHolderInfo: z.boolean(),
  isMinPermitHolderInfo: z.boolean(),
  labelDescriptor: z.string(),
  documentUploadCopy: z.string().nullable(),
  isPlateOnly: z.boolean(),
  /** Operator rich text, sanitised by the server (p, br, strong, em, a, ul, ol, li). */
  footerCopy: z.string().nullable(),
  footerCopyAboveCheckout: z.string().nullable(),
  formFields: z.array(z.object({ label: z.string(), value: z.string() })),
  isVisitorOnly: z.boolean(),
  isBusinessProduct: z.boolean(),
  /** True when the product is sold only with one of its access codes. */
  hasAccessCodes: z.boolean(),
  maxVehiclesPerPermit: z.number().int(),
  maxActiveVehiclesPerPermit: z.number().int(),
  canEditTimes: z.boolean(),
  /** null, or 'HI': holders must be Hawaii residents (section 5). */
  residencyRule: z.enum(RESIDENCY_RULES).nullable(),
  /** The most proof files a registration takes. */
  maxProofFiles: z.number().int(),
  /** A time-of-day product's window (a pass runs for the one under way or the next); null: none. */
  dailyWindow: z.object({ from: z.string(), to: z.string() }).nullable(),
});
export type PermitProduct = z.infer<typeof permitProductSchema>;

/**
 * A time-of-day product's daily window (the overnight pass, 6 pm to 8 am): local 'HH:mm' in the
 * tenant's zone; `to` at or before `from` crosses midnight. A pass of it runs for one window.
 */
export const dailyWindowSchema = z
  .object({
    from: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a local time HH:mm'),
    to: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a local time HH:mm'),
  })
  .refine((window) => window.from !== window.to, { path: ['to'], message: 'must differ from the start' });

export const productImageSchema = z.object({ uuid: z.uuid(), url: z.string() });

const productParamsSchema = z.object({ id: uuidSchema });

export const listPermitProductsContract = defineRoute({
  method: 'GET',
  path: '/portal/permit/products',
  summary: "The host tenant's pass products (visitor_only=true: visitor-only products)",
  tags: ['passes'],
  auth: 'optional-customer',
  query: z.object({
    visitor_only: z
      .enum(['true', 'false'])
      .optional()
      .transform((value) => value === 'true'),
  }),
  response: z.array(permitProductSchema),
  // 401: a private, sign-in-only portal shows its catalogue to its account holders only.
  errors: [401, 404],
});

export const listPermitProductsBySubdomainContract = defineRoute({
  method: 'GET',
  path: '/portal/permit/products/subdomain/:subdomain',
  summary: "A tenant's public pass products, by subdomain (a private, sign-in-only tenant's: signed in only)",
  tags: ['passes'],
  auth: 'optional-customer',
  params: z.object({ subdomain: subdomainSchema }),
  response: z.array(permitProductSchema),
  errors: [401, 404],
});

export const listBusinessPermitProductsContract = defineRoute({
  method: 'GET',
  path: '/portal/permit/customerentity/products',
  summary: "The business products of the signed-in customer's business account",
  tags: ['passes'],
  auth: 'customer',
  response: z.array(permitProductSchema),
  errors: [401, 403],
});

export const getPermitProductContract = defineRoute({
  method: 'GET',
  path: '/portal/permit/product/:id',
  summary: 'One pass product of the host tenant',
  tags: ['passes'],
  auth: 'none',
  params: productParamsSchema,
  response: permitProductSchema,
  errors: [404],
});

export const getPermitProductImagesContract = defineRoute({
  method: 'GET',
  path: '/portal/permit/product/:id/images',
  summary: "A pass product's images, in order",
  tags: ['passes'],
  auth: 'none',
  params: productParamsSchema,
  response: z.array(productImageSchema),
  errors: [404],
});

export const getPermitProductFieldsContract = defineRoute({
  method: 'GET',
  path: '/portal/permit/fields/:id',
  summary: "A pass product's custom form fields, in order",
  tags: ['passes'],
  auth: 'none',
  params: productParamsSchema,
  response: z.array(z.object({ label: z.string(), value: z.string() })),
  errors: [404],
});

/**
 * Rule check: 200 when the product may be bought now; 409 'rule_closed' names the rule and when it
 * opens; 400 'quota_reached' says what is left of a quota and until when (decision 223).
 */
export const checkPermitRulesContract = defineRoute({
  method: 'GET',
  path: '/portal/permit/:id/rules',
  summary: "Whether a pass may be bought now, by its rules in the tenant's time zone",
  tags: ['passes'],
  auth: 'optional-customer',
  params: productParamsSchema,
  query: z.object({
    /** The browser's zone, for the answer's wording only: the rules use the tenant's zone. */
    timezone: z.string().max(64).optional(),
    /** The plate, when known, for a per-plate quota. */
    plate: plateFieldSchema().optional(),
  }),
  response: z.object({ isAllowed: z.literal(true) }),
  errors: [400, 404, 409],
});
