import { z } from 'zod';
import { uuidSchema } from './common';
import { defineRoute } from './define-route';

/**
 * Waitlists for sold-out passes (issue 31, decision 210): joining on the portal, the offer's page
 * (its link's token is the capability), and the console's lists.
 */

export const WAITLIST_ENTRY_STATUSES = [
  'waiting',
  'offered',
  'accepted',
  'declined',
  'expired',
  'removed',
] as const;

/** The token of an offer's link: random, URL-safe. */
const offerTokenSchema = z
  .string()
  .min(16, 'is not an offer link')
  .max(64, 'is not an offer link')
  .regex(/^[A-Za-z0-9_-]+$/, 'is not an offer link');

export const joinWaitlistBodySchema = z.object({
  /** The address offers go to; a signed-in customer's own address is used instead. */
  email: z.string().trim().max(254).nullish(),
});
export type JoinWaitlistBody = z.input<typeof joinWaitlistBodySchema>;

/** Where the person stands: their rank while waiting (1 is next), null once offered a place. */
export const waitlistPlaceSchema = z.object({
  uuid: z.uuid(),
  email: z.string(),
  status: z.enum(WAITLIST_ENTRY_STATUSES),
  rank: z.number().int().nullable(),
  /** True when the person was already on the list (joining twice keeps one place). */
  wasAlreadyOnList: z.boolean(),
});
export type WaitlistPlace = z.infer<typeof waitlistPlaceSchema>;

export const joinWaitlistContract = defineRoute({
  method: 'POST',
  path: '/portal/permit/product/:id/waitlist',
  summary: "Join a sold-out product's waitlist (once per person); answers the person's rank",
  tags: ['passes'],
  auth: 'optional-customer',
  params: z.object({ id: uuidSchema }),
  body: joinWaitlistBodySchema,
  response: waitlistPlaceSchema,
  errors: [401, 404, 409, 429],
});

/** A waitlist offer as its page shows it. */
export const waitlistOfferSchema = z.object({
  productUUID: z.uuid(),
  productName: z.string(),
  status: z.enum(WAITLIST_ENTRY_STATUSES),
  email: z.string(),
  offerExpiresAt: z.string().nullable(),
  /** Whether the person joined signed in (the page then leads to the account's checkout). */
  isCustomer: z.boolean(),
  /** The pass bought through the offer, once accepted. */
  passUUID: z.uuid().nullable(),
});
export type WaitlistOffer = z.infer<typeof waitlistOfferSchema>;

const offerParamsSchema = z.object({ token: offerTokenSchema });

export const getWaitlistOfferContract = defineRoute({
  method: 'GET',
  path: '/portal/waitlist/offers/:token',
  summary: 'A waitlist offer by its link (the token is the capability)',
  tags: ['passes'],
  auth: 'none',
  params: offerParamsSchema,
  response: waitlistOfferSchema,
  errors: [404],
});

export const declineWaitlistOfferContract = defineRoute({
  method: 'POST',
  path: '/portal/waitlist/offers/:token/decline',
  summary: 'Decline a waitlist offer: the place goes to the next person in line',
  tags: ['passes'],
  auth: 'none',
  params: offerParamsSchema,
  response: waitlistOfferSchema,
  errors: [404, 409],
});

/** A person on a waitlist as the console lists them. */
export const consoleWaitlistEntrySchema = z.object({
  uuid: z.uuid(),
  email: z.string(),
  customerName: z.string().nullable(),
  status: z.enum(['waiting', 'offered']),
  /** 1 is next; offers in progress come first, unranked. */
  rank: z.number().int().nullable(),
  joinedAt: z.string(),
  offerExpiresAt: z.string().nullable(),
});
export type ConsoleWaitlistEntry = z.infer<typeof consoleWaitlistEntrySchema>;

export const consoleWaitlistSchema = z.object({
  productUUID: z.uuid(),
  productName: z.string(),
  capacity: z.number().int().nullable(),
  /** Places taken now: passes holding one and offers running. */
  heldCount: z.number().int(),
  offerHours: z.number().int(),
  entries: z.array(consoleWaitlistEntrySchema),
});
export type ConsoleWaitlist = z.infer<typeof consoleWaitlistSchema>;

export const listConsoleWaitlistsContract = defineRoute({
  method: 'GET',
  path: '/dashboard/waitlists',
  summary: "Each waitlisted product's line: offers running, then people waiting by rank",
  tags: ['dashboard'],
  auth: 'operator',
  permission: 'pass.list',
  response: z.object({ items: z.array(consoleWaitlistSchema) }),
  errors: [401, 403, 404],
});

export const moveWaitlistEntryBodySchema = z.object({
  rank: z.number({ error: 'must be a rank' }).int('must be a whole number').min(1, 'must be 1 or more'),
});

const entryParamsSchema = z.object({ uuid: uuidSchema });

export const moveWaitlistEntryContract = defineRoute({
  method: 'PUT',
  path: '/dashboard/waitlists/entries/:uuid/rank',
  summary: 'Move a waiting person to another rank (audit-logged); answers the product’s line',
  tags: ['dashboard'],
  auth: 'operator',
  permission: 'product.manage',
  params: entryParamsSchema,
  body: moveWaitlistEntryBodySchema,
  response: consoleWaitlistSchema,
  errors: [401, 403, 404, 409],
});

export const removeWaitlistEntryContract = defineRoute({
  method: 'DELETE',
  path: '/dashboard/waitlists/entries/:uuid',
  summary: 'Remove a person from a waitlist (audit-logged); a place held for them goes to the next',
  tags: ['dashboard'],
  auth: 'operator',
  permission: 'product.manage',
  params: entryParamsSchema,
  response: consoleWaitlistSchema,
  errors: [401, 403, 404],
});
