import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Locale } from '../../../shared/i18n/locales';
import type { AccountOrigin } from '../../../shared/rules/pass-values';
import { businessAccounts } from './business-accounts';
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
    /**
     * The email lower-cased, kept by the database: what a lookup by email compares (`customerEmailIs`),
     * an index read under row-level security where `lower(email) = ...` reads the whole tenant.
     */
    emailKey: text('email_key').generatedAlwaysAs(sql`lower(email)`),
    /** Null for a guest or an invited account that has not set a password: it cannot sign in. */
    passwordHash: text('password_hash'),
    createdVia: text('created_via').$type<AccountOrigin>().notNull().default('signup'),
    building: text('building'),
    unit: text('unit'),
    /**
     * The customer's household, kept by the database from building and unit (migration 1330): a
     * guest quota counted per unit counts the passes of every account with the same key. Null
     * without a unit.
     */
    householdKey: text('household_key').generatedAlwaysAs(
      sql`lower(regexp_replace(coalesce(building, ''), '[^[:alnum:]]', '', 'g')) || '/' || nullif(lower(regexp_replace(regexp_replace(coalesce(unit, ''), '^[^[:alnum:]]*(apartment|apt|unit|suite|ste)\M', '', 'i'), '[^[:alnum:]]', '', 'g')), '')`,
    ),
    /** The business account this customer is a member of (at most one). */
    businessAccountId: uuid('business_account_id'),
    /**
     * Read-only: a copy of the business account's name kept by a database trigger (migration
     * 0700), so the API's customerEntityName needs no join. Set businessAccountId instead.
     */
    customerEntityName: text('customer_entity_name'),
    /** The language the person chose to read (migration 1140); null: the request's, then the tenant's. */
    language: text('language').$type<Locale>(),
    isGuestCodesActive: boolean('is_guest_codes_active').notNull().default(false),
    guestCode: text('guest_code'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Carried in every access token; raising it revokes all tokens issued before. */
    tokenVersion: integer('token_version').notNull().default(0),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the account was closed and its personal fields pseudonymised (docs/privacy.md). */
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('customers_tenant_email_key').on(table.tenantId, table.emailKey),
    uniqueIndex('customers_tenant_public_id_key').on(table.tenantId, table.customerPublicId),
    uniqueIndex('customers_tenant_guest_code_key')
      .on(table.tenantId, table.guestCode)
      .where(sql`guest_code IS NOT NULL`),
    uniqueIndex('customers_tenant_id_key').on(table.tenantId, table.id),
    // The console's customer list order (migration 0841); its search reads customer_search_terms (1270).
    index('customers_tenant_name_order_idx').on(table.tenantId, sql`lower(${table.fullname})`, table.id),
    index('customers_tenant_household_idx')
      .on(table.tenantId, table.householdKey)
      .where(sql`household_key IS NOT NULL`),
    index('customers_tenant_business_account_idx')
      .on(table.tenantId, table.businessAccountId)
      .where(sql`business_account_id IS NOT NULL`),
    foreignKey({
      name: 'customers_business_account_fkey',
      columns: [table.tenantId, table.businessAccountId],
      foreignColumns: [businessAccounts.tenantId, businessAccounts.id],
    }),
  ],
);

export type CustomerRow = typeof customers.$inferSelect;
