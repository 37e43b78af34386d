import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';

export const UPLOAD_PURPOSES = [
  'appeal-photo',
  'pass-proof',
  'patrol-photo',
  'brand-logo',
  'product-image',
  'notice-photo',
] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/**
 * A file a browser was allowed to put in storage. 'issued': a target was handed out;
 * 'stored': the file is there and its signature checked; 'attached': a record (an appeal) uses it,
 * so it cannot be attached again.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<UploadPurpose>().notNull(),
    storageKey: text('storage_key').notNull().unique(),
    fileUrl: text('file_url').notNull(),
    contentType: text('content_type').notNull(),
    status: text('status').$type<'issued' | 'stored' | 'attached'>().notNull().default('issued'),
    size: integer('size'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    storedAt: timestamp('stored_at', { withTimezone: true }),
  },
  (table) => [index('uploads_tenant_file_url_idx').on(table.tenantId, table.fileUrl)],
);

export type UploadRow = typeof uploads.$inferSelect;
