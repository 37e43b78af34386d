import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';

/** A resident's or business's account on one tenant's portal. */
export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    customerPublicId: text('customer_public_id').notNull(),
    signupCode: text('signup_code'),
    fullname: text('fullname').notNull(),
    /** As typed; uniqueness is on the lower-cased form. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    building: text('building'),
    unit: text('unit'),
    customerEntityName: text('customer_entity_name'),
    isGuestCodesActive: boolean('is_guest_codes_active').notNull().default(false),
    guestCode: text('guest_code'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Carried in every access token; raising it revokes all tokens issued before. */
    tokenVersion: integer('token_version').notNull().default(0),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('customers_tenant_email_key').on(table.tenantId, sql`lower(${table.email})`),
    uniqueIndex('customers_tenant_public_id_key').on(table.tenantId, table.customerPublicId),
    uniqueIndex('customers_tenant_guest_code_key')
      .on(table.tenantId, table.guestCode)
      .where(sql`guest_code IS NOT NULL`),
  ],
);

export type CustomerRow = typeof customers.$inferSelect;
