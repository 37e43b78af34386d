import { z } from 'zod';
import { CODE_PATTERN, MAX_CODE_LENGTH, normaliseCode } from '../rules/account-validation';
import {
  ADVANCED_TYPE_VALUES,
  BILLING_PERIODS,
  BILLING_TYPES,
  DURATION_UNITS,
  GUEST_FIELDS_TYPES,
  PASS_PAID_STATUSES,
  QUOTA_MEASURES,
  QUOTA_SUBJECTS,
  RESIDENCY_RULES,
  TIME_SELECTION_TYPES,
} from '../rules/pass-values';
import { instantSchema, uuidSchema } from './common';
import { defineRoute } from './define-route';
import { LIST_COUNT_CAP, listTotalShape, pagesReachError } from './list-total';
import { issuedPermitSchema, MAX_FORM_FIELDS, optionalPassText } from './passes';
import { dailyWindowSchema, permitProductSchema } from './passes-catalogue';
import { refundBodySchema } from './refunds';

/**
 * The operator console's pass calls (issue 11, docs/console-passes.md): pass products and their
 * access codes, the tenant's passes (search, view, refund), reports and enforcement API keys.
 * Every call names the permission it needs; the server checks it again in the handler.
 */

/** Most images a product shows; most access codes one batch makes; most codes a product holds. */
export const MAX_PRODUCT_IMAGES = 10;
export const MAX_CODE_BATCH = 1000;
export const MAX_CODES_PER_PRODUCT = 10_000;
/** Rich text is sanitised by the server; this bounds what it is sent. */
export const MAX_FOOTER_LENGTH = 20_000;

const LOCAL_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const LOCAL_TIME_OR_MIDNIGHT = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;
const isCalendarDate = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
};
const requiredText = (max: number) =>
  z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`);
const nullableInstant = instantSchema.nullish().transform((value) => value ?? null);
const literalUnion = <T extends readonly number[]>(values: T, message: string) =>
  z
    .number({ error: message })
    .int(message)
    .refine((value) => (values as readonly number[]).includes(value), message);

/** When a product may be bought (table pass_product_rules), in the tenant's time zone. */
export const productRulesInputSchema = z
  .object({
    salesStart: nullableInstant,
    salesEnd: nullableInstant,
    /** 1-7, Monday first; null or empty: every day. */
    weekdays: z
      .array(z.number().int().min(1, 'must be 1 to 7').max(7, 'must be 1 to 7'))
      .max(7)
      .refine((days) => new Set(days).size === days.length, 'must not repeat a day')
      .nullish()
      .transform((days) => (days && days.length > 0 ? [...days].sort() : null)),
    hoursFrom: z.string().regex(LOCAL_TIME, 'must be a local time HH:mm').nullish().transform(nullIfEmpty),
    hoursTo: z
      .string()
      .regex(LOCAL_TIME_OR_MIDNIGHT, 'must be a local time HH:mm (or 24:00)')
      .nullish()
      .transform(nullIfEmpty),
    /** A time-of-day product: a pass runs for one daily window (type 1 products). */
    dailyWindow: dailyWindowSchema.nullish().transform((value) => value ?? null),
    blackoutDates: z
      .array(z.iso.date('must be a date YYYY-MM-DD').refine(isCalendarDate, 'must be a real calendar date'))
      .max(366)
      .default([])
      .transform((dates) => [...new Set(dates)].sort()),
    quota: z
      .object({
        count: z.number().int().min(1, 'must be at least 1').max(100_000),
        period: z.enum(DURATION_UNITS),
        periodLength: z.number().int().min(1, 'must be at least 1').max(1000),
        per: z.enum(QUOTA_SUBJECTS),
        measure: z.enum(QUOTA_MEASURES),
      })
      .nullish()
      .transform((value) => value ?? null),
  })
  .superRefine((rules, context) => {
    if (rules.salesStart && rules.salesEnd && Date.parse(rules.salesEnd) <= Date.parse(rules.salesStart)) {
      context.addIssue({ code: 'custom', path: ['salesEnd'], message: 'must be after the sales start' });
    }
    if ((rules.hoursFrom === null) !== (rules.hoursTo === null)) {
      context.addIssue({ code: 'custom', path: ['hoursTo'], message: 'needs both a start and an end hour' });
    }
  });
function nullIfEmpty(value: string | null | undefined): string | null {
  return value ? value : null;
}
export type ProductRulesInput = z.input<typeof productRulesInputSchema>;
export type ProductRules = z.output<typeof productRulesInputSchema>;

/**
 * A pass product as the console edits it: every Permit product field of part 2 section 3 (except
 * isSoldOut, which is counted) plus our settings (capacity, flags, vehicles, rules, images).
 */
export const productEditorSchema = z
  .object({
    name: requiredText(200),
    description: optionalPassText(2000),
    /** Cents. */
    amount: z
      .number({ error: 'must be an amount in cents' })
      .int('must be whole cents')
      .min(0)
      .max(10_000_000),
    billingType: z.enum(BILLING_TYPES),
    billingPeriod: z.enum(BILLING_PERIODS),
    permitDuration: z.number().int().min(1, 'must be at least 1').max(100_000),
    permitDurationUnit: z.enum(DURATION_UNITS),
    timeSelectionType: literalUnion(TIME_SELECTION_TYPES, 'must be 1, 2 or 3'),
    chosenDate: nullableInstant,
    chosenEndDate: nullableInstant,
    advancedType: literalUnion(ADVANCED_TYPE_VALUES, 'must be 0, 1, 2, 3, 4 or 5'),
    isAutoApproved: z.boolean(),
    isEmailVerify: z.boolean(),
    isSignupCodeRequired: z.boolean(),
    isRegImgRequired: z.boolean(),
    needsGuestCode: z.boolean(),
    guestFieldsType: literalUnion(GUEST_FIELDS_TYPES, 'must be 0 or 1'),
    guestNeedsPermitHolderInfo: z.boolean(),
    isMinPermitHolderInfo: z.boolean(),
    /** 'None' hides the holder's label field. */
    labelDescriptor: requiredText(100),
    documentUploadCopy: optionalPassText(2000),
    isPlateOnly: z.boolean(),
    /** Rich text (p, br, strong, em, a, ul, ol, li); the server sanitises it before storing. */
    footerCopy: optionalPassText(MAX_FOOTER_LENGTH),
    footerCopyAboveCheckout: optionalPassText(MAX_FOOTER_LENGTH),
    formFields: z
      .array(z.object({ label: requiredText(200), value: z.string().max(2000).default('') }))
      .max(MAX_FORM_FIELDS),
    /** Image addresses: uploads of purpose 'product-image' of this tenant (or ones the product has). */
    images: z.array(z.string().min(1).max(2000)).max(MAX_PRODUCT_IMAGES),
    isVisitorOnly: z.boolean(),
    isBusinessProduct: z.boolean(),
    /** Most passes valid, waiting or reserved at once; null: unlimited. */
    capacity: z
      .number()
      .int()
      .min(0, 'must be 0 or more')
      .max(10_000_000)
      .nullish()
      .transform((value) => value ?? null),
    maxVehiclesPerPermit: z.number().int().min(1, 'must be at least 1').max(50),
    maxActiveVehiclesPerPermit: z.number().int().min(1, 'must be at least 1').max(50),
    canEditTimes: z.boolean(),
    residencyRule: z
      .enum(RESIDENCY_RULES)
      .nullish()
      .transform((value) => value ?? null),
    rules: productRulesInputSchema,
    /** A sold-out product takes names on a waitlist; each freed place is offered in turn. */
    hasWaitlist: z.boolean().default(false),
    /** Hours a freed place is held for the person it is offered to. */
    waitlistOfferHours: z
      .number({ error: 'must be a number of hours' })
      .int('must be whole hours')
      .min(1, 'must be at least 1 hour')
      .max(720, 'must be at most 720 hours (30 days)')
      .default(48),
    /** Minutes before a pass of a day or less ends that its holder is reminded; null: never (decision 223). */
    shortReminderMinutes: z
      .number({ error: 'must be a number of minutes' })
      .int('must be whole minutes')
      .min(1, 'must be at least 1 minute')
      .max(720, 'must be at most 720 minutes (12 hours)')
      .nullable()
      .default(15),
    /** A pass of a day or less may be extended by a new paid window from its end (decision 236). */
    allowsExtension: z.boolean().default(false),
    /** Archived products are no longer sold; their passes stay. */
    isArchived: z.boolean(),
  })
  .superRefine((product, context) => {
    if ((product.billingType === 'ONE TIME') !== (product.billingPeriod === 'NONE')) {
      context.addIssue({
        code: 'custom',
        path: ['billingPeriod'],
        message: 'must be NONE for a one-time product and a period for a recurring one',
      });
    }
    if (product.timeSelectionType === 2) {
      if (!product.chosenDate)
        context.addIssue({ code: 'custom', path: ['chosenDate'], message: 'is required for preset dates' });
      if (!product.chosenEndDate)
        context.addIssue({
          code: 'custom',
          path: ['chosenEndDate'],
          message: 'is required for preset dates',
        });
      else if (product.chosenDate && Date.parse(product.chosenEndDate) <= Date.parse(product.chosenDate))
        context.addIssue({
          code: 'custom',
          path: ['chosenEndDate'],
          message: 'must be after the start date',
        });
    }
    if (product.maxActiveVehiclesPerPermit > product.maxVehiclesPerPermit) {
      context.addIssue({
        code: 'custom',
        path: ['maxActiveVehiclesPerPermit'],
        message: 'must not exceed the vehicles per pass',
      });
    }
    if (new Set(product.images).size !== product.images.length) {
      context.addIssue({ code: 'custom', path: ['images'], message: 'must not repeat an image' });
    }
  });
export type ProductEditorInput = z.input<typeof productEditorSchema>;
export type ProductEditorValues = z.output<typeof productEditorSchema>;

/**
 * A product as the console shows it: the public product's fields (permitProductSchema, so a field
 * and its rule are written once) less what the buyer is told (sold out, code-only, proof limit),
 * plus the console's settings and what the server counts.
 */
export const consoleProductSchema = permitProductSchema
  .omit({ isSoldOut: true, hasAccessCodes: true, maxProofFiles: true })
  .extend({
    images: z.array(z.string()),
    capacity: z.number().int().nullable(),
    rules: z.object({
      salesStart: z.string().nullable(),
      salesEnd: z.string().nullable(),
      weekdays: z.array(z.number().int()).nullable(),
      hoursFrom: z.string().nullable(),
      hoursTo: z.string().nullable(),
      dailyWindow: z.object({ from: z.string(), to: z.string() }).nullable(),
      blackoutDates: z.array(z.string()),
      quota: z
        .object({
          count: z.number().int(),
          period: z.enum(DURATION_UNITS),
          periodLength: z.number().int(),
          per: z.enum(QUOTA_SUBJECTS),
          measure: z.enum(QUOTA_MEASURES),
        })
        .nullable(),
    }),
    isArchived: z.boolean(),
    waitlistOfferHours: z.number().int(),
    shortReminderMinutes: z.number().int().nullable(),
    allowsExtension: z.boolean(),
    /** Passes holding a place now (valid, waiting or reserved). */
    heldCount: z.number().int(),
    unusedCodeCount: z.number().int(),
    usedCodeCount: z.number().int(),
    updatedAt: z.string(),
  });
export type ConsoleProduct = z.infer<typeof consoleProductSchema>;

const uuidParams = z.object({ uuid: uuidSchema });

export const listConsoleProductsContract = defineRoute({
  method: 'GET',
  path: '/dashboard/products',
  summary: "The tenant's pass products, archived ones last (for the products and access-code screens)",
  tags: ['dashboard'],
  auth: 'operator',
  permission: 'access-code.manage',
  response: z.object({ items: z.array(consoleProductSchema) }),
  errors: [401, 403, 404],
});

export const getConsoleProductContract = defineRoute({
  method: 'GET',
  path: '/dashboard/products/:uuid',
  summary: 'One pass product with every field, for editing',
  tags: ['dashboard'],
  auth: 'operator',
  permission: 'product.manage',
  params: uuidParams,
  response: consoleProductSchema,
  errors: [401, 403, 404],
});

export const createConsoleProductContract = defineRoute({
  method: 'POST',
  path: '/dashboard/products',
  summary: 'Create a pass product (audit-logged)',
  tags: ['dashboard'],
  auth: 'operator',
  permission: 'product.manage',
  body: productEditorSchema,
  response: consoleProductSchema,
  errors: [401, 403, 404, 409],
});

export const updateConsoleProductContract = defineRoute({
  method: 'PUT',
  path: '/dashboard/products/:uuid',
  summary: 'Replace every field of a pass product (audit-logged with before and after)',
  tags: ['dashboard'],
  auth: 'operator',
  permission: 'product.manage',
  params: uuidParams,
  body: productEditorSchema,
  response: consoleProductSchema,
  errors: [401, 403, 404, 409],
});

/**
 * An access code of a product: unused, used by a pass, or revoked. A revoked code is kept (spent,
 * without a pass), so a product whose codes are all revoked stays behind codes.
 */
export const accessCodeSchema = z.object({
  code: z.string(),
  status: z.enum(['unused', 'used', 'revoked']),
  createdAt: z.string(),
  /** When it was used or revoked. */
  usedAt: z.string().nullable(),
  /** The pass the code issued (its uuid), when used. */
  usedByPassUUID: z.uuid().nullable(),
  /** That pass's number, and the plate of its primary vehicle (what a desk is asked about). */
  passNumber: z.string().nullable(),
  plate: z.string().nullable(),
});
export type AccessCode = z.infer<typeof accessCodeSchema>;

/** The access codes list's filters: every code, or one status. */
export const ACCESS_CODE_FILTERS = ['all', 'unused', 'used', 'revoked'] as const;
export type AccessCodeFilter = (typeof ACCESS_CODE_FILTERS)[number];
export const ACCESS_CODE_PAGE_SIZE = 50;

/** What the access codes list is narrowed by; the export and "select all N matching" take the same. */
export const accessCodeSearchSchema = z.object({
  /**
   * The start of a code (any case, spaces ignored), or the pass a code issued: its number, the
   * start of its plate, of its holder's email or of words of the holder's name. Blank: every code.
   */
  q: z
    .string()
    .max(400, 'must be at most 100 characters')
    .transform((value) => value.trim())
    .refine((value) => value.length <= 100, 'must be at most 100 characters')
    .default(''),
  status: z.enum(ACCESS_CODE_FILTERS).default('all'),
});
export type AccessCodeSearch = z.input<typeof accessCodeSearchSchema>;

export const listAccessCodesQuerySchema = accessCodeSearchSchema.extend({
  page: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    // A product holds at most MAX_CODES_PER_PRODUCT codes: no page lies deeper.
    .max(MAX_CODES_PER_PRODUCT / ACCESS_CODE_PAGE_SIZE)
    .default(1),
});
export type ListAccessCodesQuery = z.input<typeof listAccessCodesQuerySchema>;

/** How many of the search's codes are in each status (the summary line and "select all N unused"). */
export const accessCodeCountsSchema = z.object({
  unused: z.number().int(),
  used: z.number().int(),
  revoked: z.number().int(),
});
export type AccessCodeCounts = z.infer<typeof accessCodeCountsSchema>;

export const listAccessCodesContract = defineRoute({
  method: 'GET',
  path: '/dashboard/products/:uuid/access-codes',
  summary:
    "A product's access codes, newest first, 50 a page: searched by code or by the pass a code issued (number, plate, holder), filtered by status",
  tags: ['dashboard'],
  auth: 'operator',
  permission: 'access-code.manage',
  params: uuidParams,
  query: listAccessCodesQuerySchema,
  response: z.object({
    items: z.array(accessCodeSchema),
    ...listTotalShape,
    page: z.number().int(),
    pageSize: z.number().int(),
    counts: accessCodeCountsSchema,
  }),
  errors: [401, 403, 404],
});

/** GET /dashboard/products/{uuid}/access-codes/export: the list's search as a streamed CSV file. */
export const exportAccessCodesContract = defineRoute({
  method: 'GET',
  path: '/dashboard/products/:uuid/access-codes/export',
  summary: "The searched access codes of a product as a CSV file (text/csv) in the list's order, every row",
  tags: ['dashboard'],
  auth: 'operator',
  permission: 'access-code.manage',
  params: uuidParams,
  query: accessCodeSearchSchema,
  response: z.string(),
  errors: [401, 403, 404],
});

export const generateAccessCodesBodySchema = z.object({
  count: z
    .number({ error: 'must be a number of codes' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(MAX_CODE_BATCH, `must be at most ${MAX_CODE_BATCH}`),
  /** Letters, digits or hyphens in front of each random code, e.g. 'SPRING-'. */
  prefix: z
    .string()
    .max(MAX_CODE_LENGTH * 4)
    .transform(normaliseCode)
    .refine((value) => value === '' || CODE_PATTERN.test(value), 'may hold only letters, digits and hyphens')
    .refine((value) => value.length <= 32, 'must be at most 32 characters')
    .default(''),
});
export type GenerateAccessCodesBody = z.input<typeof generateAccessCodesBodySchema>;

export const generateAccessCodesContract = defineRoute({
  method: 'POST',
  path: '/dashboard/products/:uuid/access-codes',
  summary: 'Generate a batch of random single-use access codes for a product (audit-logged)',
  tags: ['dashboard'],
  auth: 'operator',
  permission: 'access-code.manage',
  params: uuidParams,
  body: generateAccessCodesBodySchema,
  response: z.object({ codes: z.array(z.string()) }),
  errors: [401, 403, 404, 409],
});

export const revokeAccessCodeContract = defineRoute({
  method: 'DELETE',
  path: '/dashboard/products/:uuid/access-codes/:code',
  summary: 'Revoke an unused access code: it can no longer be used (audit-logged)',
  tags: ['dashboard'],
  auth: 'operator',
  permission: 'access-code.manage',
  params: z.object({
    uuid: uuidSchema,
    code: z
      .string()
      .max(MAX_CODE_LENGTH * 4)
      .transform(normaliseCode)
      .pipe(z.string().regex(CODE_PATTERN, 'must be 1 to 64 letters, digits or hyphens')),
  }),
  response: z.object({ code: z.string() }),
  errors: [401, 403, 404, 409],
});

/** The console's pass list filters: a paid status, or 'active' (paid and not yet expired). */
export const CONSOLE_PASS_FILTERS = ['all', 'active', ...PASS_PAID_STATUSES] as const;
export type ConsolePassFilter = (typeof CONSOLE_PASS_FILTERS)[number];
export const CONSOLE_PASS_PAGE_SIZE = 25;

/** Columns the console's pass list sorts by on the server. */
export const CONSOLE_PASS_SORT_KEYS = ['created', 'issued', 'expires', 'number'] as const;
export type ConsolePassSortKey = (typeof CONSOLE_PASS_SORT_KEYS)[number];

export const listConsolePassesQuerySchema = z.object({
  /** A plate, a name, an email or a pass number; blank: every pass. */
  q: z
    .string()
    .max(400, 'must be at most 100 characters')
    .transform((value) => value.trim())
    .refine((value) => value.length <= 100, 'must be at most 100 characters')
    .default(''),
  status: z.enum(CONSOLE_PASS_FILTERS).default('all'),
  /** Newest registration first unless a column is chosen. */
  sort: z.enum(CONSOLE_PASS_SORT_KEYS).default('created'),
  order: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    // Offsets stop at the counted cap (decision 201): deeper rows are found by narrowing the search.
    .max(
      Math.floor(LIST_COUNT_CAP / CONSOLE_PASS_PAGE_SIZE) + 1,
      pagesReachError('pagesReachPasses', LIST_COUNT_CAP),
    )
    .default(1),
});
export type ListConsolePassesQuery = z.input<typeof listConsolePassesQuerySchema>;

/** A row of the console's pass list: the issued permit's own fields, plus its plate and holder. */
export const consolePassRowSchema = issuedPermitSchema
  .pick({
    uuid: true,
    customerPermitId: true,
    permitName: true,
    paidStatus: true,
    issuedOn: true,
    expiresAt: true,
    amount: true,
    currency: true,
  })
  .extend({
    plate: z.string(),
    holderName: z.string().nullable(),
    holderEmail: z.string().nullable(),
  });
export type ConsolePassRow = z.infer<typeof consolePassRowSchema>;

export const listConsolePassesContract = defineRoute({
  method: 'GET',
  path: '/dashboard/passes',
  summary: "Search the tenant's passes by plate, name, email or pass number, newest first, 25 a page",
  tags: ['dashboard'],
  auth: 'operator',
  permission: 'pass.list',
  query: listConsolePassesQuerySchema,
  response: z.object({
    items: z.array(consolePassRowSchema),
    ...listTotalShape,
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
  errors: [401, 403, 404],
});

/** The list's filters and order without its page: what the export writes, every row. */
export const exportConsolePassesQuerySchema = listConsolePassesQuerySchema.omit({ page: true });
export type ExportConsolePassesQuery = z.input<typeof exportConsolePassesQuerySchema>;

/** GET /dashboard/passes/export: the list's search and status, answered as a streamed CSV file. */
export const exportConsolePassesContract = defineRoute({
  method: 'GET',
  path: '/dashboard/passes/export',
  summary: "The filtered passes as a CSV file (text/csv) in the list's order, streamed, every row",
  tags: ['dashboard'],
  auth: 'operator',
  permission: 'pass.list',
  query: exportConsolePassesQuerySchema,
  response: z.string(),
  errors: [401, 403, 404],
});

export const passPaymentSchema = z.object({
  uuid: z.uuid(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(['open', 'paid', 'expired', 'refunded', 'refund_failed']),
  description: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  /** How much of `amount` has been refunded (cents). */
  refundedAmount: z.number().int(),
  receiptUrl: z.string().nullable(),
});
export type PassPayment = z.infer<typeof passPaymentSchema>;

/**
 * One extension of a pass as the console shows it (decision 243): its window, price and what
 * became of it: 'paid' (the pass runs to its end), 'refused' (paid too late, the money went back
 * at once) or 'refunded' (an operator gave all of it back, which undid it).
 */
export const consolePassExtensionSchema = z.object({
  uuid: z.uuid(),
  startsAt: z.string(),
  endsAt: z.string(),
  amount: z.number().int(),
  status: z.enum(['paid', 'refused', 'refunded']),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
});
export type ConsolePassExtension = z.infer<typeof consolePassExtensionSchema>;

export const consolePassSchema = z.object({
  permit: issuedPermitSchema,
  /** The customer account of the pass (null for a guest pass). */
  customerUUID: z.uuid().nullable(),
  createdAt: z.string(),
  approvalMessage: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** Its own checkouts, its subscription's and its extensions', newest first. */
  payments: z.array(passPaymentSchema),
  /** Its extensions that were paid for (issue 31), oldest window first. */
  extensions: z.array(consolePassExtensionSchema),
  /** True when a paid payment of the pass can be given back. */
  isRefundable: z.boolean(),
  /** What can still be refunded (cents): paid minus already refunded. */
  refundable: z.number().int(),
});
export type ConsolePass = z.infer<typeof consolePassSchema>;

export const getConsolePassContract = defineRoute({
  method: 'GET',
  path: '/dashboard/passes/:uuid',
  summary: 'One pass with its holder, vehicles, times and payments',
  tags: ['dashboard'],
  auth: 'operator',
  permission: 'pass.list',
  params: uuidParams,
  response: consolePassSchema,
  errors: [401, 403, 404],
});

export const refundConsolePassContract = defineRoute({
  method: 'POST',
  path: '/dashboard/passes/:uuid/refund',
  summary:
    'Refund a pass through the payment provider, all that is refundable or part of it, with a reason: a full refund cancels it, a partial one leaves it active (exactly once; the customer is emailed; audit-logged)',
  tags: ['dashboard'],
  auth: 'operator',
  permission: 'pass.refund',
  idempotent: true,
  params: uuidParams,
  body: refundBodySchema,
  response: consolePassSchema,
  errors: [401, 403, 404, 409, 502],
});

export const cancelConsolePassContract = defineRoute({
  method: 'POST',
  path: '/dashboard/passes/:uuid/cancel',
  summary:
    'Cancel a pass without a refund: it stops counting, stops renewing (twice is harmless; audit-logged)',
  tags: ['dashboard'],
  auth: 'operator',
  permission: 'pass.cancel',
  params: uuidParams,
  response: consolePassSchema,
  errors: [401, 403, 404, 409, 502],
});

export const consoleReportSchema = z.object({
  uuid: z.uuid(),
  startDate: z.string(),
  endDate: z.string(),
  plate: z.string().nullable(),
  createdAt: z.string(),
  /** The operator who made it (their email), when still known. */
  createdBy: z.string().nullable(),
  /** When its no-sign-in link stops answering. */
  expiresAt: z.string(),
  /** When an operator withdrew its link, or null. */
  revokedAt: z.string().nullable(),
});
export type ConsoleReport = z.infer<typeof consoleReportSchema>;
export const CONSOLE_REPORT_PAGE_SIZE = 25;

export const listConsoleReportsContract = defineRoute({
  method: 'GET',
  path: '/dashboard/reports',
  summary: "The tenant's activity reports, newest first, 25 a page",
  tags: ['dashboard'],
  auth: 'operator',
  permission: 'report.list',
  query: z.object({
    page: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(10_000).default(1),
  }),
  response: z.object({
    items: z.array(consoleReportSchema),
    total: z.number().int(),
    pageSize: z.number().int(),
  }),
  errors: [401, 403, 404],
});

export const revokeReportContract = defineRoute({
  method: 'DELETE',
  path: '/dashboard/reports/:uuid',
  summary: "Revoke a report's no-sign-in link at once (audit-logged); the console still lists the report",
  tags: ['dashboard'],
  auth: 'operator',
  permission: 'report.create',
  params: uuidParams,
  response: consoleReportSchema,
  errors: [401, 403, 404, 409],
});

export const consoleApiKeySchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  /** The key's first characters ('ppk_' and six more), to tell keys apart. */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ConsoleApiKey = z.infer<typeof consoleApiKeySchema>;

export const listApiKeysContract = defineRoute({
  method: 'GET',
  path: '/dashboard/api-keys',
  summary: "The tenant's enforcement API keys, newest first (never the keys themselves)",
  tags: ['dashboard'],
  auth: 'operator',
  permission: 'apikey.manage',
  response: z.object({ items: z.array(consoleApiKeySchema) }),
  errors: [401, 403, 404],
});

export const createApiKeyBodySchema = z.object({ name: requiredText(100) });

export const createApiKeyContract = defineRoute({
  method: 'POST',
  path: '/dashboard/api-keys',
  summary: 'Create an enforcement API key; the key is in this answer only (audit-logged)',
  tags: ['dashboard'],
  auth: 'operator',
  permission: 'apikey.manage',
  body: createApiKeyBodySchema,
  response: z.object({ apiKey: consoleApiKeySchema, key: z.string() }),
  errors: [401, 403, 404],
});

export const revokeApiKeyContract = defineRoute({
  method: 'DELETE',
  path: '/dashboard/api-keys/:uuid',
  summary: 'Revoke an enforcement API key at once (audit-logged)',
  tags: ['dashboard'],
  auth: 'operator',
  permission: 'apikey.manage',
  params: uuidParams,
  response: consoleApiKeySchema,
  errors: [401, 403, 404, 409],
});
