import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Locale } from '../../../shared/i18n/locales';
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
  /** Null while an invited operator has not set a password yet (migration 0830). */
  passwordHash: text('password_hash'),
  /** What the operator may do: see src/server/features/permissions. */
  role: text('role').$type<OperatorRole>().notNull().default('tenant_admin'),
  /** The language the person chose to read (migration 1140); null: the request's, then the tenant's. */
  language: text('language').$type<Locale>(),
  /** Bumped to revoke every token issued before (sign-out everywhere, password change). */
  tokenVersion: integer('token_version').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** A disabled operator can no longer sign in; the row stays, because the audit log names it. */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
});

export type OperatorRow = typeof operators.$inferSelect;

export const OPERATOR_TOKEN_PURPOSES = ['invitation', 'password_reset'] as const;
export type OperatorTokenPurpose = (typeof OPERATOR_TOKEN_PURPOSES)[number];

/** Single-use links emailed to operators: an invitation or a password reset (hash only). */
export const operatorTokens = pgTable(
  'operator_tokens',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<OperatorTokenPurpose>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('operator_tokens_operator_idx').on(table.operatorId, table.purpose)],
);
