import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { OperatorRole } from '../../../shared/rules/operator-roles';
import { tenants } from './tenants';

/** A person who runs a tenant: answers appeals today, the whole operator console later. */
export const operators = pgTable('operators', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  fullname: text('fullname').notNull(),
  passwordHash: text('password_hash').notNull(),
  /** What the operator may do: see src/server/features/permissions. */
  role: text('role').$type<OperatorRole>().notNull().default('tenant_admin'),
  /** Bumped to revoke every token issued before (sign-out everywhere, password change). */
  tokenVersion: integer('token_version').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type OperatorRow = typeof operators.$inferSelect;
