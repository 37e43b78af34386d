import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { tenants } from './tenants';

/** Codes an operator hands out; each registers one account on its tenant. Stored upper-cased. */
export const signupCodes = pgTable(
  'signup_codes',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedByCustomerId: uuid('used_by_customer_id').references(() => customers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('signup_codes_tenant_code_key').on(table.tenantId, table.code)],
);

export type CustomerTokenPurpose = 'password_reset' | 'email_verification' | 'invitation';

/** One-time tokens sent by email. Only a SHA-256 hash is kept, so a database leak reveals no link. */
export const customerTokens = pgTable(
  'customer_tokens',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<CustomerTokenPurpose>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The address the token was sent to: verifying it proves that address, not a later one. */
    email: text('email').notNull(),
    /** The pass an invitation opens (purpose 'invitation' only; migration 1170). */
    passId: uuid('pass_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('customer_tokens_customer_idx').on(table.customerId, table.purpose)],
);
