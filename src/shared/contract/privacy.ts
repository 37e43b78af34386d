import { z } from 'zod';
import { MAX_EMAIL_LENGTH } from '../rules/account-validation';
import { anyPasswordSchema } from './accounts';
import { uuidSchema } from './common';
import { defineRoute } from './define-route';

/**
 * A person's data (issue 28, docs/privacy.md): the export of everything the portal holds about a
 * customer, closing (erasing) the account, by the customer or by an operator on request.
 */

/**
 * One stored value as the export shows it: text, a number, a yes/no, or nothing. Null rides on the
 * string branch: OpenAPI 3.0 has no null type.
 */
export const exportValueSchema = z.union([z.string().nullable(), z.number(), z.boolean()]);

/** One record of a section: field name to value, flat, so each section is also a CSV table. */
export const exportRecordSchema = z.record(z.string(), exportValueSchema);
export type ExportRecord = z.infer<typeof exportRecordSchema>;

/** The sections of an export, in the order the files and the CSV list them. */
export const PERSONAL_DATA_SECTIONS = [
  'account',
  'vehicles',
  'passes',
  'passVehicles',
  'permitHolders',
  'payments',
  'subscriptions',
  'appeals',
  'appealMessages',
  'waitlistEntries',
  'emails',
] as const;
export type PersonalDataSection = (typeof PERSONAL_DATA_SECTIONS)[number];

export const personalDataExportSchema = z.object({
  /** When the export was made (ISO-8601). */
  exportedAt: z.string(),
  /** The portal (tenant subdomain) that holds the data. */
  portal: z.string(),
  sections: z.object(
    Object.fromEntries(PERSONAL_DATA_SECTIONS.map((name) => [name, z.array(exportRecordSchema)])) as Record<
      PersonalDataSection,
      z.ZodArray<typeof exportRecordSchema>
    >,
  ),
});
export type PersonalDataExport = z.infer<typeof personalDataExportSchema>;

export const exportMyDataContract = defineRoute({
  method: 'GET',
  path: '/portal/customer/export',
  summary:
    'Everything the portal holds about the signed-in customer, as a JSON download (rate-limited per account)',
  tags: ['portal'],
  auth: 'customer',
  response: personalDataExportSchema,
  errors: [401, 429],
});

export const exportMyDataCsvContract = defineRoute({
  method: 'GET',
  path: '/portal/customer/export.csv',
  summary:
    'The same export as one CSV file (text/csv) with the columns section, record, field, value (rate-limited)',
  tags: ['portal'],
  auth: 'customer',
  response: z.string(),
  errors: [401, 429],
});

export const closeAccountBodySchema = z.object({
  /** The account's password, asked again: closing cannot be undone. */
  currentPassword: anyPasswordSchema,
});

export const accountClosedSchema = z.object({ isClosed: z.literal(true) });

export const closeMyAccountContract = defineRoute({
  method: 'POST',
  path: '/portal/customer/close',
  summary:
    'Closes the signed-in account: personal data erased or pseudonymised, recurring passes cancelled, every session signed out, a confirmation emailed',
  tags: ['portal'],
  auth: 'customer',
  body: closeAccountBodySchema,
  response: accountClosedSchema,
  errors: [401, 403, 429, 502],
});

const customerParamsSchema = z.object({ uuid: uuidSchema });

export const exportCustomerDataContract = defineRoute({
  method: 'GET',
  path: '/dashboard/customers/:uuid/export',
  summary: "Everything the portal holds about one customer, as JSON (audit-logged; the person's request)",
  tags: ['console'],
  auth: 'operator',
  permission: 'customer.export',
  params: customerParamsSchema,
  response: personalDataExportSchema,
  errors: [401, 403, 404, 429],
});

export const exportCustomerDataCsvContract = defineRoute({
  method: 'GET',
  path: '/dashboard/customers/:uuid/export.csv',
  summary: "The customer's export as one CSV file (text/csv; audit-logged)",
  tags: ['console'],
  auth: 'operator',
  permission: 'customer.export',
  params: customerParamsSchema,
  response: z.string(),
  errors: [401, 403, 404, 429],
});

export const eraseCustomerBodySchema = z.object({
  /** The customer's email, typed again by the operator: erasing cannot be undone. */
  confirmEmail: z.string().trim().min(1, 'must not be empty').max(MAX_EMAIL_LENGTH),
});

export const eraseCustomerContract = defineRoute({
  method: 'POST',
  path: '/dashboard/customers/:uuid/erase',
  summary:
    "Closes a customer's account on their request, as closing it themselves does (audit-logged without personal data)",
  tags: ['console'],
  auth: 'operator',
  permission: 'customer.erase',
  params: customerParamsSchema,
  body: eraseCustomerBodySchema,
  response: accountClosedSchema,
  errors: [401, 403, 404, 409, 502],
});

/**
 * The tenant's records as a fixture document (docs/fixture-format.md): one tenant with its brand
 * details, settings and entity lists, which the fixture loader takes back as it is.
 */
export const tenantExportSchema = z.object({
  tenants: z.array(z.record(z.string(), z.unknown())).length(1),
});
export type TenantExport = z.infer<typeof tenantExportSchema>;

export const exportTenantDataContract = defineRoute({
  method: 'GET',
  path: '/dashboard/tenant/export',
  summary:
    "All of the tenant's records as a fixture document (JSON download; audit-logged), for leaving the platform or auditing",
  tags: ['console'],
  auth: 'operator',
  permission: 'tenant.export',
  response: tenantExportSchema,
  errors: [401, 403, 429],
});
