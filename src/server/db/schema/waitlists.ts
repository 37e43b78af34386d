import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { passProducts } from './passes';
import { tenants } from './tenants';

/** Where a person stands on a waitlist (migration 1150, decision 210). */
export const WAITLIST_STATUSES = [
  'waiting',
  'offered',
  'accepted',
  'declined',
  'expired',
  'removed',
] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

/**
 * A person on a sold-out product's waitlist. 'waiting' in line by `position` then `joinedAt`;
 * 'offered' holds a place until `offerExpiresAt` (counted like a pass against the capacity);
 * 'accepted' bought it (`passId`); 'declined', 'expired' and 'removed' are off the list.
 */
export const passWaitlistEntries = pgTable(
  'pass_waitlist_entries',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').notNull(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    position: integer('position').notNull(),
    status: text('status').$type<WaitlistStatus>().notNull().default('waiting'),
    /** The secret of the offer's link; null until offered. */
    offerToken: text('offer_token'),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    passId: uuid('pass_id'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('pass_waitlist_entries_person_key')
      .on(table.tenantId, table.productId, sql`lower(${table.email})`)
      .where(sql`status IN ('waiting', 'offered')`),
    uniqueIndex('pass_waitlist_entries_token_key').on(table.offerToken),
    uniqueIndex('pass_waitlist_entries_tenant_id_key').on(table.tenantId, table.id),
    index('pass_waitlist_entries_line_idx').on(
      table.tenantId,
      table.productId,
      table.status,
      table.position,
      table.joinedAt,
    ),
    foreignKey({
      name: 'pass_waitlist_entries_product_fkey',
      columns: [table.tenantId, table.productId],
      foreignColumns: [passProducts.tenantId, passProducts.id],
    }).onDelete('cascade'),
  ],
);
export type WaitlistEntryRow = typeof passWaitlistEntries.$inferSelect;
