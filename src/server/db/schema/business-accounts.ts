import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';

/**
 * A business (a fleet, a property manager) on one tenant: it owns products and the passes issued
 * under them, and its member customers approve them. See docs/decisions/091.
 */
export const businessAccounts = pgTable(
  'business_accounts',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('business_accounts_tenant_name_key').on(table.tenantId, sql`lower(${table.name})`),
    uniqueIndex('business_accounts_tenant_id_key').on(table.tenantId, table.id),
  ],
);

export type BusinessAccountRow = typeof businessAccounts.$inferSelect;
