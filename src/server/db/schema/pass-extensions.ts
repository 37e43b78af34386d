import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { issuedPasses } from './passes';
import { tenants } from './tenants';

export const PASS_EXTENSION_STATUSES = ['pending', 'paid', 'refused', 'refunded'] as const;
export type PassExtensionStatus = (typeof PASS_EXTENSION_STATUSES)[number];

/**
 * One extension of a short pass (migration 1260, decision 236): a new paid window on the same
 * pass, from its end when the extension began. 'pending' while its checkout is open; 'paid' moves
 * the pass's end to `endsAt`; 'refused' when its payment came after the pass had changed;
 * 'refunded' (migration 1290, decision 243) when an operator gave all of its payment back, which
 * undoes it.
 */
export const passExtensions = pgTable(
  'pass_extensions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    passId: uuid('pass_id')
      .notNull()
      .references(() => issuedPasses.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    amount: integer('amount').notNull(),
    status: text('status').$type<PassExtensionStatus>().notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('pass_extensions_paid_window_key')
      .on(table.passId, table.startsAt)
      .where(sql`status = 'paid'`),
    index('pass_extensions_pass_idx').on(table.tenantId, table.passId, table.startsAt),
  ],
);
export type PassExtensionRow = typeof passExtensions.$inferSelect;
