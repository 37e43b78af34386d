import { z } from 'zod';
import { instantSchema } from './common';
import { defineRoute } from './define-route';
import { listTotalShape } from './list-total';

/** One change in the tenant's audit log (docs/decisions/140): who, what, when, before and after. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  actorLabel: z.string(),
  operatorUuid: z.string().nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  /** The operator's name as it is now (null for the platform admin, the system or a removed operator). */
  actorName: z.string().nullable(),
  /** The record as a person names it: a notice or pass number, a product's or a customer's name. */
  entityLabel: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: instantSchema,
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;

/** Where the next page starts: the last entry's time and id, 'createdAt~id'. */
const cursorSchema = z
  .string()
  .max(80)
  .regex(/^\d{4}-\d{2}-\d{2}T[0-9:.]+Z~\d{1,18}$/, 'is not a page cursor of this list');

const daySchema = z.iso.date({ message: 'must be a date as YYYY-MM-DD' });

export const AUDIT_PAGE_SIZE_MAX = 100;

/** The filters the log and its export share: the export answers exactly what the log shows. */
const auditFilterShape = {
  entityType: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9-]{0,49}$/, 'must be a record kind such as operator or settings')
    .optional(),
  entityId: z.string().trim().min(1).max(100).optional(),
  /** Changes made by this operator. */
  operatorUuid: z.uuid({ message: 'must be an operator of this business' }).optional(),
  /** One kind of change, e.g. notice.void. */
  action: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9-]{0,49}\.[a-z][a-z0-9-]{0,49}$/, 'must be a kind of change such as notice.void')
    .optional(),
  /** Made on or after this tenant-local day. */
  from: daySchema.optional(),
  /** Made on or before this tenant-local day. */
  to: daySchema.optional(),
};

const isFromNotAfterTo = (query: { from?: string; to?: string }) =>
  !query.from || !query.to || query.from <= query.to;
const fromAfterTo = { message: 'The start date must not be after the end date.', path: ['from'] };

export const auditFilterSchema = z.object(auditFilterShape).refine(isFromNotAfterTo, fromAfterTo);
export type AuditFilter = z.output<typeof auditFilterSchema>;

export const listAuditQuerySchema = z
  .object({
    ...auditFilterShape,
    cursor: cursorSchema.optional(),
    limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_SIZE_MAX).default(25),
  })
  .refine(isFromNotAfterTo, fromAfterTo);
export type ListAuditQuery = z.input<typeof listAuditQuerySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Null on the last page. */
  nextCursor: z.string().nullable(),
  /** Entries matching the filters, counted up to the list cap (decision 201). */
  ...listTotalShape,
});
export type AuditPage = z.infer<typeof auditPageSchema>;

export const listAuditContract = defineRoute({
  method: 'GET',
  path: '/dashboard/audit',
  summary: "The tenant's audit log, newest first, by keyset pages; filters by record kind and id",
  tags: ['dashboard'],
  auth: 'operator',
  permission: 'audit.read',
  query: listAuditQuerySchema,
  response: auditPageSchema,
  errors: [401, 403, 404],
});

/** GET /dashboard/audit/export: the filtered log as a CSV file, newest first, every entry. */
export const exportAuditContract = defineRoute({
  method: 'GET',
  path: '/dashboard/audit/export',
  summary: 'The filtered audit log as a CSV file (text/csv), newest first, streamed, every entry',
  tags: ['dashboard'],
  auth: 'operator',
  permission: 'audit.read',
  query: auditFilterSchema,
  response: z.string(),
  errors: [401, 403, 404],
});
