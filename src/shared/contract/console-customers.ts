import { z } from 'zod';
import { uuidSchema } from './common';
import { defineRoute } from './define-route';
import { listTotalShape, pagesReachError } from './list-total';

/** The console's customers (issue 11, docs/console-notices.md): search, one account, its changes. */

export const CUSTOMER_PAGE_SIZE_MAX = 100;
export const CUSTOMER_LIST_MAX_OFFSET = 10_000;

export const listCustomersQuerySchema = z
  .object({
    /** The start of an email, of a name or of any word of a name (any case). */
    q: z.string().trim().max(100, 'must be at most 100 characters').optional(),
    page: z.coerce.number().int().min(1, 'must be 1 or more').default(1),
    pageSize: z.coerce
      .number()
      .int()
      .min(1, 'must be 1 or more')
      .max(CUSTOMER_PAGE_SIZE_MAX, `must be at most ${CUSTOMER_PAGE_SIZE_MAX}`)
      .default(25),
  })
  .refine((query) => (query.page - 1) * query.pageSize <= CUSTOMER_LIST_MAX_OFFSET, {
    ...pagesReachError('pagesReachCustomers', CUSTOMER_LIST_MAX_OFFSET),
    path: ['page'],
  });

export const consoleCustomerSummarySchema = z.object({
  uuid: z.uuid(),
  customerPublicId: z.string(),
  fullname: z.string(),
  email: z.string(),
  customerEntityName: z.string().nullable(),
  isGuestCodesActive: z.boolean(),
  createdAt: z.string(),
});
export type ConsoleCustomerSummary = z.infer<typeof consoleCustomerSummarySchema>;

export const customerPageSchema = z.object({
  items: z.array(consoleCustomerSummarySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
  ...listTotalShape,
});
export type CustomerPage = z.infer<typeof customerPageSchema>;

export const listCustomersContract = defineRoute({
  method: 'GET',
  path: '/dashboard/customers',
  summary: "The tenant's customers by name, searched on the server by name or email",
  tags: ['console'],
  auth: 'operator',
  permission: 'customer.list',
  query: listCustomersQuerySchema,
  response: customerPageSchema,
  errors: [401, 403, 404],
});

/** The list's search without its paging: what the export writes, every row. */
export const exportCustomersQuerySchema = z.object({
  q: z.string().trim().max(100, 'must be at most 100 characters').optional(),
});
export type ExportCustomersQuery = z.input<typeof exportCustomersQuerySchema>;

/** GET /dashboard/customers/export: the list's search, answered as a streamed CSV file. */
export const exportCustomersContract = defineRoute({
  method: 'GET',
  path: '/dashboard/customers/export',
  summary: "The searched customers as a CSV file (text/csv) in the list's order, streamed, every row",
  tags: ['console'],
  auth: 'operator',
  permission: 'customer.list',
  query: exportCustomersQuerySchema,
  response: z.string(),
  errors: [401, 403, 404],
});

export const consoleCustomerSchema = consoleCustomerSummarySchema.extend({
  building: z.string().nullable(),
  unit: z.string().nullable(),
  guestCode: z.string().nullable(),
  isEmailVerified: z.boolean(),
  /** Closed by the customer or erased on request: personal data is gone, nothing can be changed. */
  isClosed: z.boolean(),
  passes: z.array(
    z.object({
      uuid: z.uuid(),
      customerPermitId: z.string(),
      productName: z.string(),
      paidStatus: z.string(),
      issuedOn: z.string(),
      expiresAt: z.string(),
      amount: z.number().int(),
    }),
  ),
  payments: z.array(
    z.object({
      uuid: z.uuid(),
      purpose: z.string(),
      description: z.string(),
      amount: z.number().int(),
      status: z.string(),
      paidAt: z.string().nullable(),
      /** The notice this payment paid, for a notice payment. */
      citationNumber: z.string().nullable(),
    }),
  ),
});
export type ConsoleCustomer = z.infer<typeof consoleCustomerSchema>;

const customerParamsSchema = z.object({ uuid: uuidSchema });

export const getConsoleCustomerContract = defineRoute({
  method: 'GET',
  path: '/dashboard/customers/:uuid',
  summary: 'One customer: account, passes, payments and the notices they paid',
  tags: ['console'],
  auth: 'operator',
  permission: 'customer.list',
  params: customerParamsSchema,
  response: consoleCustomerSchema,
  errors: [401, 403, 404],
});

export const setCustomerGuestCodesContract = defineRoute({
  method: 'PUT',
  path: '/dashboard/customers/:uuid/guest-codes',
  summary: "Turn a customer's guest codes on (a code is issued) or off",
  tags: ['console'],
  auth: 'operator',
  permission: 'customer.manage',
  params: customerParamsSchema,
  body: z.object({ isGuestCodesActive: z.boolean() }),
  response: consoleCustomerSchema,
  errors: [401, 403, 404],
});

export const BUSINESS_NAME_MAX = 120;

export const setCustomerBusinessBodySchema = z.object({
  /** The business's name: joins the business account of that name, creating it if needed; null leaves it. */
  entityName: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(BUSINESS_NAME_MAX, `must be at most ${BUSINESS_NAME_MAX} characters`)
    .nullable(),
});
export type SetCustomerBusinessBody = z.input<typeof setCustomerBusinessBodySchema>;

export const setCustomerBusinessContract = defineRoute({
  method: 'PUT',
  path: '/dashboard/customers/:uuid/business',
  summary: 'Mark a customer as a member of a business account (by its name), or as a person again',
  tags: ['console'],
  auth: 'operator',
  permission: 'customer.manage',
  params: customerParamsSchema,
  body: setCustomerBusinessBodySchema,
  response: consoleCustomerSchema,
  errors: [401, 403, 404],
});

export const SIGNUP_CODE_BATCH_MAX = 100;

export const signupCodeSchema = z.object({
  code: z.string(),
  createdAt: z.string(),
  usedAt: z.string().nullable(),
  usedByEmail: z.string().nullable(),
});
export type SignupCode = z.infer<typeof signupCodeSchema>;

export const listSignupCodesContract = defineRoute({
  method: 'GET',
  path: '/dashboard/signup-codes',
  summary: 'The latest sign-up codes (200), newest first, with who used each',
  tags: ['console'],
  auth: 'operator',
  permission: 'customer.list',
  response: z.array(signupCodeSchema),
  errors: [401, 403, 404],
});

export const issueSignupCodesBodySchema = z.object({
  count: z
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be 1 or more')
    .max(SIGNUP_CODE_BATCH_MAX, `must be at most ${SIGNUP_CODE_BATCH_MAX}`),
});
export type IssueSignupCodesBody = z.input<typeof issueSignupCodesBodySchema>;

export const issueSignupCodesContract = defineRoute({
  method: 'POST',
  path: '/dashboard/signup-codes',
  summary: 'Issue a batch of single-use sign-up codes',
  tags: ['console'],
  auth: 'operator',
  permission: 'customer.manage',
  body: issueSignupCodesBodySchema,
  response: z.array(signupCodeSchema),
  errors: [401, 403, 404],
});
