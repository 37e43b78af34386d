import { z } from 'zod';
import { subdomainSchema, uuidSchema } from './common';
import { defineRoute } from './define-route';
import { paymentPlanOfferSchema, paymentPlanSchema, paymentPlanStandingSchema } from './payment-plans';

export const PAYMENT_STATUSES = [
  'Paid off platform',
  'Paid',
  'Open',
  'Archived',
  'Past due',
  'Void',
  'Uncollectable',
  'Reopen',
] as const;
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/** Longest plate or notice number we accept in a search; anything longer is a 400, not a scan. */
export const MAX_SEARCH_TERM_LENGTH = 32;

/**
 * Citation (part 1 section 3). amountDue and lateFee are computed by the server with its clock;
 * the fee fields with the tenant's fee settings (part 1 section 9), so the page shows what is charged.
 */
export const citationSchema = z.object({
  uuid: z.uuid(),
  citationNumber: z.string(),
  plate: z.string(),
  stateProv: z.string().nullable(),
  createdOn: z.string(),
  datePaid: z.string().nullable(),
  voidDate: z.string().nullable(),
  paymentStatus: paymentStatusSchema,
  amount: z.number().int(),
  amountOverride: z.number().int().nullable(),
  paidTotal: z.number().int().nullable(),
  lateAmount1: z.number().int().nullable(),
  lateDays1: z.number().int().nullable(),
  lateAmount2: z.number().int().nullable(),
  lateDays2: z.number().int().nullable(),
  citationName: z.string().nullable(),
  citationDescription: z.string().nullable(),
  citationCodeUUID: z.uuid().nullable(),
  location: z.string().nullable(),
  imageURLs: z.array(z.string()),
  receiptUrl: z.string().nullable(),
  entityUUID: z.uuid(),
  make: z.string().nullable(),
  color: z.string().nullable(),
  comments: z.string().nullable(),
  /** Penalties in today's amount due; 0 once the notice is paid, voided or archived. */
  lateFee: z.number().int(),
  /** What the notice costs today (docs/decisions/100); 0 once it is paid, voided or archived. */
  amountDue: z.number().int(),
  /** What was paid for a paid notice (paidTotal, else the amount in force); null otherwise. */
  amountPaid: z.number().int().nullable(),
  /** The penalty tiers with the tenant-local date ('YYYY-MM-DD') each applies from. */
  latePenalties: z.array(
    z.object({
      days: z.number().int(),
      amount: z.number().int(),
      appliesOn: z.string(),
      isApplied: z.boolean(),
    }),
  ),
  /** The tenant's card processing fee on paying amountDue now (0 unless payable). */
  processingFee: z.number().int(),
  /** The tenant's platform service fee on paying amountDue now (0 unless payable). */
  serviceFee: z.number().int(),
  /** What the checkout charges: amountDue + processingFee + serviceFee; 0 when it cannot be paid. */
  totalCharge: z.number().int(),
});
export type Citation = z.infer<typeof citationSchema>;

/**
 * Where a notice's appeal stands, for the notice's timeline: dates and outcome only, never the
 * appellant's details. Only a confirmed appeal counts (decision 082).
 */
export const appealProgressSchema = z.object({
  submittedOn: z.string(),
  outcome: z.enum(['pending', 'approved', 'denied']),
  answeredOn: z.string().nullable(),
  /** What an approval did: the notice voided, or its amount reduced to reducedAmount (cents). */
  resolution: z.enum(['voided', 'reduced']).nullable(),
  reducedAmount: z.number().int().nullable(),
});
export type AppealProgress = z.infer<typeof appealProgressSchema>;

/** One notice as its detail page reads it: the notice, and its appeal's progress (null when none). */
export const citationDetailSchema = citationSchema.extend({
  appeal: appealProgressSchema.nullable(),
  /** The notice's payment plan in force or last ended (issue 31); null when it never had one. */
  paymentPlan: paymentPlanSchema.nullable(),
  /** Instalments the page may offer beside paying in full; null when the notice cannot have a plan. */
  paymentPlanOffer: paymentPlanOfferSchema.nullable(),
});
export type CitationDetail = z.infer<typeof citationDetailSchema>;

/**
 * One notice of the public search list: the notice with its plan's standing (null when it never
 * had one), its amounts already those of the plan, as on the notice page.
 */
export const citationSearchResultSchema = citationSchema.extend({
  paymentPlan: paymentPlanStandingSchema.nullable(),
});
export type CitationSearchResult = z.infer<typeof citationSearchResultSchema>;

/** A search term as it arrives in the path: already normalised by the client, 'blank' when empty. */
const searchTermSchema = z
  .string()
  .max(MAX_SEARCH_TERM_LENGTH, `must be at most ${MAX_SEARCH_TERM_LENGTH} characters`);

export const searchCitationsParamsSchema = z.object({
  plate: searchTermSchema,
  number: searchTermSchema,
  subdomain: subdomainSchema,
});

export const searchCitationsContract = defineRoute({
  method: 'GET',
  path: '/portal/citation/p/:plate/n/:number/o/:subdomain',
  summary: "Notices of a tenant by plate or notice number ('blank' for none)",
  tags: ['citations'],
  auth: 'none',
  params: searchCitationsParamsSchema,
  response: z.array(citationSearchResultSchema),
  errors: [404],
});

export const getCitationContract = defineRoute({
  method: 'GET',
  path: '/portal/citation/:uuid',
  summary: "One notice of the host's tenant",
  tags: ['citations'],
  auth: 'none',
  params: z.object({ uuid: uuidSchema }),
  response: citationDetailSchema,
  errors: [404],
});

/** GET /citation/checkout/{uuid}/subdomain/{subdomain}: where to send the browser to pay. */
export const checkoutResponseSchema = z.object({ checkoutURL: z.string() });

/** The most 'Did you mean' plates offered: enough to spot one's own, too few to fish with. */
export const MAX_PLATE_SUGGESTIONS = 5;

/**
 * 'Did you mean ...?' (issue 15, not in the spec): the tenant's plates that a plate search with no
 * result may have meant (look-alike characters, spaces, dashes). Only plates are answered.
 */
export const suggestPlatesContract = defineRoute({
  method: 'GET',
  path: '/portal/citation/suggest/p/:plate/o/:subdomain',
  summary: 'Plates of the tenant that a search for this plate may have meant (look-alike characters)',
  tags: ['citations'],
  auth: 'none',
  params: z.object({ plate: searchTermSchema, subdomain: subdomainSchema }),
  response: z.object({ plates: z.array(z.string()).max(MAX_PLATE_SUGGESTIONS) }),
  errors: [404, 429],
});
