import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { appeals } from './appeals';
import { tenants } from './tenants';

/** One message of an appeal's thread, from the appellant or the operator (migration 0610). */
export const appealMessages = pgTable(
  'appeal_messages',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    appealId: uuid('appeal_id')
      .notNull()
      .references(() => appeals.id, { onDelete: 'cascade' }),
    author: text('author').$type<'appellant' | 'operator'>().notNull(),
    body: text('body').notNull(),
    /** Evidence photos sent with the message (up to four 'appeal-photo' uploads). */
    imageUrls: text('image_urls').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Insert order, for messages written at the same instant. */
    position: bigint('position', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (table) => [index('appeal_messages_tenant_appeal_idx').on(table.tenantId, table.appealId, table.createdAt)],
);

export type AppealMessageRow = typeof appealMessages.$inferSelect;
