import { z } from 'zod';
import { instantSchema } from './common';
import { defineRoute } from './define-route';

/** One change in the tenant's audit log (docs/decisions/140): who, what, when, before and after. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  actorLabel: z.string(),
  operatorUuid: z.string().nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
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

export const AUDIT_PAGE_SIZE_MAX = 100;

export const listAuditQuerySchema = z.object({
  entityType: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9-]{0,49}$/, 'must be a record kind such as operator or settings')
    .optional(),
  entityId: z.string().trim().min(1).max(100).optional(),
  cursor: cursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_SIZE_MAX).default(25),
});
export type ListAuditQuery = z.input<typeof listAuditQuerySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Null on the last page. */
  nextCursor: z.string().nullable(),
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
