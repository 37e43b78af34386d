import { sql } from 'drizzle-orm';
import { boolean, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { citations } from './citations';
import { tenants } from './tenants';

/** A driver's appeal of a notice: one per notice, answered by the operator. */
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
  },
  (table) => [uniqueIndex('appeals_citation_key').on(table.citationId)],
);

export type AppealRow = typeof appeals.$inferSelect;
