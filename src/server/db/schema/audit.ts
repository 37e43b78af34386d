import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { operators } from './operators';
import { tenants } from './tenants';

/** Every change an operator makes (docs/decisions/140); append-only, a trigger refuses edits. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    operatorId: uuid('operator_id').references(() => operators.id),
    actorLabel: text('actor_label').notNull(),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The request that made the change (X-Request-Id, migration 1180); null outside a request. */
    requestId: text('request_id'),
  },
  (table) => [
    index('audit_log_tenant_created_idx').on(table.tenantId, table.createdAt.desc(), table.id.desc()),
    index('audit_log_tenant_entity_idx').on(
      table.tenantId,
      table.entityType,
      table.entityId,
      table.createdAt.desc(),
    ),
    // Migration 1120: the console's filters by operator and by action (issue 33).
    index('audit_log_tenant_operator_idx').on(
      table.tenantId,
      table.operatorId,
      table.createdAt.desc(),
      table.id.desc(),
    ),
    index('audit_log_tenant_action_idx').on(
      table.tenantId,
      table.action,
      table.createdAt.desc(),
      table.id.desc(),
    ),
  ],
);

export type AuditLogRow = typeof auditLog.$inferSelect;
