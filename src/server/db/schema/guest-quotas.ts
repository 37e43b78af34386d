import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { operators } from './operators';
import { issuedPasses } from './passes';
import { tenants } from './tenants';

/**
 * An operator's override of a product's quota for one account (migration 1200, decision 223):
 * the account's next pass past the cap takes it, once (`usedAt`, `usedByPassId`).
 */
export const passQuotaOverrides = pgTable('pass_quota_overrides', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  productId: uuid('product_id').notNull(),
  customerId: uuid('customer_id').notNull(),
  reason: text('reason'),
  grantedByOperatorId: uuid('granted_by_operator_id').references(() => operators.id, {
    onDelete: 'set null',
  }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  usedByPassId: uuid('used_by_pass_id').references(() => issuedPasses.id, { onDelete: 'set null' }),
});
export type PassQuotaOverrideRow = typeof passQuotaOverrides.$inferSelect;
