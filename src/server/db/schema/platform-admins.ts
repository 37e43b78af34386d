import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The platform's administrators: they create tenants on the bare host (docs/decisions/146). */
export const platformAdmins = pgTable('platform_admins', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  /** Bumped by `npm run platform-admin -- reset` to revoke every token issued before. */
  tokenVersion: integer('token_version').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type PlatformAdminRow = typeof platformAdmins.$inferSelect;
