import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AnyLocale } from '../../../shared/i18n/locales';
import { tenants } from './tenants';

/** The parts of a branded email; see src/server/features/mail/render-email.ts. */
export interface EmailContent {
  subject: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** The language it is written in (issue 30); emails queued before have none: English. */
  language?: AnyLocale;
}

export type OutboxStatus = 'pending' | 'sent' | 'failed';

/** Emails waiting for (or done with) delivery; written in the transaction of the change. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    /** What to say; rendered with the tenant's brand when delivered (docs/decisions/050). */
    content: jsonb('content').$type<EmailContent>().notNull(),
    status: text('status').$type<OutboxStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    /** A worker's lease on the row while it sends; another worker skips it until then. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** Deleted once delivered or given up: the confirmation to a person being erased. */
    isErasedAfterDelivery: boolean('is_erased_after_delivery').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The request that queued it (X-Request-Id, migration 1180); null for a sweep's email. */
    requestId: text('request_id'),
  },
  (table) => [index('email_outbox_due_idx').on(table.nextAttemptAt).where(sql`status = 'pending'`)],
);
export type EmailOutboxRow = typeof emailOutbox.$inferSelect;

/** What the development transport "delivered"; read by the development mailbox page. */
export const devMailbox = pgTable('dev_mailbox', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  messageId: text('message_id').notNull().unique(),
  toAddress: text('to_address').notNull(),
  fromAddress: text('from_address').notNull(),
  subject: text('subject').notNull(),
  html: text('html').notNull(),
  textBody: text('text_body').notNull(),
  deliveredAt: timestamp('delivered_at', { withTimezone: true }).notNull().defaultNow(),
});
export type DevMailboxRow = typeof devMailbox.$inferSelect;
