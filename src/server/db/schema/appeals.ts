import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { citations } from './citations';
import { tenants } from './tenants';

/**
 * A driver's appeal of a notice: one confirmed appeal per notice, answered by the operator.
 * Unconfirmed ones (email link not yet followed) count for nothing and expire (decision record 082).
 */
export const appeals = pgTable(
  'appeals',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    citationId: uuid('citation_id')
      .notNull()
      .references(() => citations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number').notNull(),
    address: text('address').notNull(),
    reason: text('reason').notNull(),
    imageUrls: text('image_urls').array().notNull().default(sql`'{}'::text[]`),
    isPending: boolean('is_pending').notNull().default(true),
    isApproved: boolean('is_approved'),
    status: text('status'),
    submissionDate: timestamp('submission_date', { withTimezone: true }).notNull().defaultNow(),
    responseDate: timestamp('response_date', { withTimezone: true }),
    /** Set while the appellant has not confirmed their email: when the link stops working. */
    unconfirmedUntil: timestamp('unconfirmed_until', { withTimezone: true }),
    /** sha256 of the emailed link's token: confirms the appeal, and unmasks its personal fields. */
    confirmationTokenHash: text('confirmation_token_hash').unique('appeals_confirmation_token_key'),
    /** What the answer did to the notice: 'voided', 'reduced' or 'denied' (null: answered before). */
    outcome: text('outcome').$type<'voided' | 'reduced' | 'denied'>(),
    /** The amount in force an approval reduced the notice to, in cents ('reduced' only). */
    reducedAmount: integer('reduced_amount'),
  },
  (table) => [
    // One appeal per notice counts; unconfirmed ones block nobody.
    uniqueIndex('appeals_citation_key').on(table.citationId).where(sql`unconfirmed_until IS NULL`),
    // The overview's trends: appeals received and decided per day (migration 1131).
    index('appeals_tenant_submitted_idx').on(table.tenantId, table.submissionDate),
    index('appeals_tenant_responded_idx')
      .on(table.tenantId, table.responseDate)
      .where(sql`response_date IS NOT NULL`),
  ],
);

export type AppealRow = typeof appeals.$inferSelect;
