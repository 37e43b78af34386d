import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  AdvancedType,
  BillingPeriod,
  BillingType,
  DurationUnit,
  GuestFieldsType,
  PassPaidStatus,
  QuotaMeasure,
  QuotaSubject,
  ResidencyRule,
  TimeSelectionType,
} from '../../../shared/rules/pass-values';
import { businessAccounts } from './business-accounts';
import { customers } from './customers';
import { operators } from './operators';
import { subscriptions } from './subscriptions';
import { tenants } from './tenants';
import { uploads } from './uploads';

/**
 * Parking passes (part 2). Tables and their constraints are in migration 0701; the design is
 * docs/decisions/090. Every child row names its parent together with the tenant (composite
 * foreign keys), so no row can point at another tenant's record.
 */

/** The canonical plate (canonicalPlate(), decision 174), computed by the database. */
const normalisedPlate = sql`canonical_plate(plate)`;

/** A label and value of a custom form field, as the spec names them. */
export interface CustomFormFieldValue {
  label: string;
  value: string;
}

/** A pass product: every Permit product field of the spec plus our own settings. */
export const passProducts = pgTable(
  'pass_products',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** The business account that owns the product (its members issue and approve its passes). */
    businessAccountId: uuid('business_account_id'),
    name: text('name').notNull(),
    /** The Issued permit's permitDescription. */
    description: text('description'),
    amount: integer('amount').notNull().default(0),
    currency: text('currency').notNull().default('usd'),
    billingType: text('billing_type').$type<BillingType>().notNull().default('ONE TIME'),
    billingPeriod: text('billing_period').$type<BillingPeriod>().notNull().default('NONE'),
    permitDuration: integer('permit_duration').notNull().default(1),
    permitDurationUnit: text('permit_duration_unit').$type<DurationUnit>().notNull().default('DAY'),
    timeSelectionType: smallint('time_selection_type').$type<TimeSelectionType>().notNull().default(1),
    chosenDate: timestamp('chosen_date', { withTimezone: true }),
    chosenEndDate: timestamp('chosen_end_date', { withTimezone: true }),
    advancedType: smallint('advanced_type').$type<AdvancedType>().notNull().default(0),
    isAutoApproved: boolean('is_auto_approved').notNull().default(true),
    isEmailVerify: boolean('is_email_verify').notNull().default(false),
    isSignupCodeRequired: boolean('is_signup_code_required').notNull().default(false),
    isRegImgRequired: boolean('is_reg_img_required').notNull().default(false),
    needsGuestCode: boolean('needs_guest_code').notNull().default(false),
    guestFieldsType: smallint('guest_fields_type').$type<GuestFieldsType>().notNull().default(1),
    guestNeedsPermitHolderInfo: boolean('guest_needs_permit_holder_info').notNull().default(false),
    isMinPermitHolderInfo: boolean('is_min_permit_holder_info').notNull().default(false),
    /** 'None' hides the holder's label field. */
    labelDescriptor: text('label_descriptor').notNull().default('None'),
    documentUploadCopy: text('document_upload_copy'),
    isPlateOnly: boolean('is_plate_only').notNull().default(false),
    /** Operator rich text, sanitised before it is stored. */
    footerCopy: text('footer_copy'),
    footerCopyAboveCheckout: text('footer_copy_above_checkout'),
    isVisitorOnly: boolean('is_visitor_only').notNull().default(false),
    isBusinessProduct: boolean('is_business_product').notNull().default(false),
    /** Most passes that may be valid, waiting or reserved at once; null: unlimited. */
    capacity: integer('capacity'),
    maxVehiclesPerPermit: integer('max_vehicles_per_permit').notNull().default(1),
    maxActiveVehiclesPerPermit: integer('max_active_vehicles_per_permit').notNull().default(1),
    canEditTimes: boolean('can_edit_times').notNull().default(false),
    residencyRule: text('residency_rule').$type<ResidencyRule>(),
    /** A sold-out product takes names on a waitlist (issue 31, decision 210). */
    hasWaitlist: boolean('has_waitlist').notNull().default(false),
    /** How long a freed place is held for the person it is offered to. */
    waitlistOfferHours: integer('waitlist_offer_hours').notNull().default(48),
    /** A pass of a day or less is reminded this many minutes before it ends; null: never (decision 223). */
    shortReminderMinutes: integer('short_reminder_minutes').default(15),
    /** A short pass may be extended by a new paid window from its end (decision 236). */
    allowsExtension: boolean('allows_extension').notNull().default(false),
    /** Catalogue order, then name. */
    sortOrder: integer('sort_order').notNull().default(0),
    /** An archived product is no longer sold; its passes keep referring to it. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('pass_products_tenant_id_key').on(table.tenantId, table.id),
    uniqueIndex('pass_products_tenant_name_key').on(table.tenantId, sql`lower(${table.name})`),
    index('pass_products_tenant_catalogue_idx')
      .on(table.tenantId, table.sortOrder, table.name)
      .where(sql`archived_at IS NULL`),
    index('pass_products_tenant_business_idx')
      .on(table.tenantId, table.businessAccountId)
      .where(sql`business_account_id IS NOT NULL`),
    foreignKey({
      name: 'pass_products_business_account_fkey',
      columns: [table.tenantId, table.businessAccountId],
      foreignColumns: [businessAccounts.tenantId, businessAccounts.id],
    }),
  ],
);

/** A product's custom form fields, in order (the spec's Custom form field: label, value). */
export const passProductFormFields = pgTable(
  'pass_product_form_fields',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id').notNull(),
    productId: uuid('product_id').notNull(),
    position: integer('position').notNull(),
    label: text('label').notNull(),
    value: text('value').notNull().default(''),
  },
  (table) => [
    uniqueIndex('pass_product_form_fields_order_key').on(table.tenantId, table.productId, table.position),
    foreignKey({
      name: 'pass_product_form_fields_product_fkey',
      columns: [table.tenantId, table.productId],
      foreignColumns: [passProducts.tenantId, passProducts.id],
    }).onDelete('cascade'),
  ],
);

export const passProductImages = pgTable(
  'pass_product_images',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id').notNull(),
    productId: uuid('product_id').notNull(),
    position: integer('position').notNull(),
    url: text('url').notNull(),
  },
  (table) => [
    uniqueIndex('pass_product_images_order_key').on(table.tenantId, table.productId, table.position),
    foreignKey({
      name: 'pass_product_images_product_fkey',
      columns: [table.tenantId, table.productId],
      foreignColumns: [passProducts.tenantId, passProducts.id],
    }).onDelete('cascade'),
  ],
);

/**
 * When a product may be bought, decided in the tenant's time zone: a sales window, weekdays
 * (1-7, Monday first), local hours, blackout dates and a quota of `quotaCount` passes (or hours)
 * per `quotaPeriodLength` `quotaPeriod`s per customer or plate. Null means no such rule.
 */
export const passProductRules = pgTable(
  'pass_product_rules',
  {
    productId: uuid('product_id').primaryKey(),
    tenantId: uuid('tenant_id').notNull(),
    salesStart: timestamp('sales_start', { withTimezone: true }),
    salesEnd: timestamp('sales_end', { withTimezone: true }),
    weekdays: smallint('weekdays').array(),
    /** Local 'HH:mm'; `hoursTo` may be '24:00'. */
    hoursFrom: text('hours_from'),
    hoursTo: text('hours_to'),
    /** A time-of-day product's window, local 'HH:mm'; `windowTo` at or before `windowFrom` crosses midnight. */
    windowFrom: text('window_from'),
    windowTo: text('window_to'),
    /** Local calendar days 'YYYY-MM-DD'. */
    blackoutDates: date('blackout_dates', { mode: 'string' }).array().notNull().default(sql`'{}'::date[]`),
    quotaCount: integer('quota_count'),
    quotaPeriod: text('quota_period').$type<DurationUnit>(),
    quotaPeriodLength: integer('quota_period_length'),
    quotaPer: text('quota_per').$type<QuotaSubject>(),
    quotaMeasure: text('quota_measure').$type<QuotaMeasure>(),
  },
  (table) => [
    index('pass_product_rules_tenant_idx').on(table.tenantId, table.productId),
    foreignKey({
      name: 'pass_product_rules_product_fkey',
      columns: [table.tenantId, table.productId],
      foreignColumns: [passProducts.tenantId, passProducts.id],
    }).onDelete('cascade'),
  ],
);

/** An issued pass: the spec's Issued permit; product-derived fields come from its product. */
export const issuedPasses = pgTable(
  'issued_passes',
  {
    /** Random (v4): the uuid is the guest's capability to the pass pages. */
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** The public pass number, from a sequence. */
    customerPermitId: text('customer_permit_id')
      .notNull()
      .default(sql`nextval('issued_passes_public_id_seq')::text`),
    productId: uuid('product_id').notNull(),
    /** Null for a guest pass. */
    customerId: uuid('customer_id'),
    /** The business account that issued (owns) the pass; its members approve and cancel it. */
    businessAccountId: uuid('business_account_id'),
    paidStatus: text('paid_status').$type<PassPaidStatus>().notNull(),
    issuedOn: timestamp('issued_on', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('usd'),
    /** The registrant's name and email (a guest's, or a snapshot of the customer's). */
    customerName: text('customer_name'),
    customerEmail: text('customer_email'),
    /** The email lower-cased, kept by the database: the checkout's duplicate check reads it (migration 1340). */
    customerEmailKey: text('customer_email_key').generatedAlwaysAs(sql`lower(customer_email)`),
    customFormFields: jsonb('custom_form_fields')
      .$type<CustomFormFieldValue[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** An unpaid (incomplete) pass holds its capacity place until then. */
    reservedUntil: timestamp('reserved_until', { withTimezone: true }),
    approvalMessage: text('approval_message'),
    decidedByCustomerId: uuid('decided_by_customer_id'),
    decidedByOperatorId: uuid('decided_by_operator_id').references(() => operators.id, {
      onDelete: 'set null',
    }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Our subscription (subscriptions.id) of a recurring pass; its provider id lives there. */
    subscriptionRef: uuid('subscription_ref').references(() => subscriptions.id, { onDelete: 'set null' }),
    receiptUrl: text('receipt_url'),
    /** Issued by a business's invitation by email (decision 216); accepted once the visitor named a vehicle. */
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    invitationAcceptedAt: timestamp('invitation_accepted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('issued_passes_tenant_public_id_key').on(table.tenantId, table.customerPermitId),
    uniqueIndex('issued_passes_tenant_id_key').on(table.tenantId, table.id),
    index('issued_passes_tenant_customer_idx')
      .on(table.tenantId, table.customerId, table.issuedOn.desc())
      .where(sql`customer_id IS NOT NULL`),
    index('issued_passes_tenant_business_idx')
      .on(table.tenantId, table.businessAccountId, table.issuedOn.desc())
      .where(sql`business_account_id IS NOT NULL`),
    index('issued_passes_tenant_product_status_idx').on(
      table.tenantId,
      table.productId,
      table.paidStatus,
      table.expiresAt,
    ),
    index('issued_passes_tenant_status_idx').on(table.tenantId, table.paidStatus, table.createdAt),
    index('issued_passes_checkout_identity_idx').on(
      table.tenantId,
      table.productId,
      table.customerEmailKey,
      table.createdAt,
    ),
    index('issued_passes_reservation_idx').on(table.reservedUntil).where(sql`reserved_until IS NOT NULL`),
    foreignKey({
      name: 'issued_passes_product_fkey',
      columns: [table.tenantId, table.productId],
      foreignColumns: [passProducts.tenantId, passProducts.id],
    }),
    foreignKey({
      name: 'issued_passes_customer_fkey',
      columns: [table.tenantId, table.customerId],
      foreignColumns: [customers.tenantId, customers.id],
    }),
    foreignKey({
      name: 'issued_passes_business_account_fkey',
      columns: [table.tenantId, table.businessAccountId],
      foreignColumns: [businessAccounts.tenantId, businessAccounts.id],
    }),
    foreignKey({
      name: 'issued_passes_decided_by_customer_fkey',
      columns: [table.tenantId, table.decidedByCustomerId],
      foreignColumns: [customers.tenantId, customers.id],
    }),
  ],
);

/** The permit holder of a pass (section 3, plus the square type's contact fields): one per pass. */
export const permitHolders = pgTable(
  'permit_holders',
  {
    passId: uuid('pass_id').primaryKey(),
    tenantId: uuid('tenant_id').notNull(),
    name: text('name'),
    email: text('email'),
    label: text('label'),
    lotName: text('lot_name'),
    address1: text('address1'),
    address2: text('address2'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    country: text('country'),
    phoneNumber: text('phone_number'),
    buildingBusiness: text('building_business'),
    emergencyName: text('emergency_name'),
    emergencyNumber: text('emergency_number'),
    emergencyEmail: text('emergency_email'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      name: 'permit_holders_pass_fkey',
      columns: [table.tenantId, table.passId],
      foreignColumns: [issuedPasses.tenantId, issuedPasses.id],
    }).onDelete('cascade'),
  ],
);

/** A customer's saved vehicle (the vehicles screen and the checkout's picker). */
export const customerVehicles = pgTable(
  'customer_vehicles',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id').notNull(),
    customerId: uuid('customer_id').notNull(),
    plate: text('plate').notNull(),
    plateNormalized: text('plate_normalized').generatedAlwaysAs(normalisedPlate),
    state: text('state'),
    make: text('make'),
    model: text('model'),
    color: text('color'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('customer_vehicles_tenant_customer_plate_key').on(
      table.tenantId,
      table.customerId,
      table.plateNormalized,
    ),
    uniqueIndex('customer_vehicles_tenant_id_key').on(table.tenantId, table.id),
    foreignKey({
      name: 'customer_vehicles_customer_fkey',
      columns: [table.tenantId, table.customerId],
      foreignColumns: [customers.tenantId, customers.id],
    }).onDelete('cascade'),
  ],
);

/**
 * A vehicle of a pass: the primary one (an empty plate shows 'Needs input') and secondaries.
 * `customerVehicleId` is the spec's vehicleUUID, the saved vehicle it was copied from.
 */
export const passVehicles = pgTable(
  'pass_vehicles',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id').notNull(),
    passId: uuid('pass_id').notNull(),
    customerVehicleId: uuid('customer_vehicle_id'),
    plate: text('plate').notNull().default(''),
    plateNormalized: text('plate_normalized').generatedAlwaysAs(normalisedPlate),
    state: text('state'),
    make: text('make'),
    model: text('model'),
    color: text('color'),
    isPrimary: boolean('is_primary').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('pass_vehicles_one_primary_key').on(table.passId).where(sql`is_primary`),
    index('pass_vehicles_tenant_pass_idx').on(table.tenantId, table.passId),
    index('pass_vehicles_tenant_active_plate_idx')
      .on(table.tenantId, table.plateNormalized, table.passId)
      .where(sql`is_active AND plate_normalized <> ''`),
    foreignKey({
      name: 'pass_vehicles_pass_fkey',
      columns: [table.tenantId, table.passId],
      foreignColumns: [issuedPasses.tenantId, issuedPasses.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'pass_vehicles_customer_vehicle_fkey',
      columns: [table.tenantId, table.customerVehicleId],
      foreignColumns: [customerVehicles.tenantId, customerVehicles.id],
    }),
  ],
);

/** A registration proof: an uploaded file attached to a pass (regImgURL, regImgURLs). */
export const passRegistrationProofs = pgTable(
  'pass_registration_proofs',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id').notNull(),
    passId: uuid('pass_id').notNull(),
    uploadId: uuid('upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    fileUrl: text('file_url').notNull(),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('pass_registration_proofs_order_key').on(table.tenantId, table.passId, table.position),
    uniqueIndex('pass_registration_proofs_upload_key').on(table.uploadId).where(sql`upload_id IS NOT NULL`),
    foreignKey({
      name: 'pass_registration_proofs_pass_fkey',
      columns: [table.tenantId, table.passId],
      foreignColumns: [issuedPasses.tenantId, issuedPasses.id],
    }).onDelete('cascade'),
  ],
);

/** A single-use access code of a product, stored upper-cased; consumed by the pass it issued. */
export const passAccessCodes = pgTable(
  'pass_access_codes',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id').notNull(),
    productId: uuid('product_id').notNull(),
    code: text('code').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedByPassId: uuid('used_by_pass_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('pass_access_codes_tenant_code_key').on(table.tenantId, table.code),
    index('pass_access_codes_tenant_product_idx')
      .on(table.tenantId, table.productId)
      .where(sql`used_at IS NULL`),
    // The access codes list, its search by code, and by the pass a code issued (migration 1300).
    index('pass_access_codes_product_created_idx').on(
      table.tenantId,
      table.productId,
      table.createdAt.desc(),
      table.code.desc(),
    ),
    index('pass_access_codes_product_code_idx').on(
      table.tenantId,
      table.productId,
      sql`${table.code} text_pattern_ops`,
    ),
    index('pass_access_codes_used_by_pass_idx')
      .on(table.tenantId, table.usedByPassId)
      .where(sql`used_by_pass_id IS NOT NULL`),
    foreignKey({
      name: 'pass_access_codes_product_fkey',
      columns: [table.tenantId, table.productId],
      foreignColumns: [passProducts.tenantId, passProducts.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'pass_access_codes_pass_fkey',
      columns: [table.tenantId, table.usedByPassId],
      foreignColumns: [issuedPasses.tenantId, issuedPasses.id],
    }),
  ],
);

/**
 * An email-verification link for an isEmailVerify product: only a SHA-256 hash of the token is
 * kept; single use and expiring (24 h). `customerId` is the guest account the link opens.
 */
export const passEmailVerifications = pgTable(
  'pass_email_verifications',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id').notNull(),
    productId: uuid('product_id').notNull(),
    customerId: uuid('customer_id'),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('pass_email_verifications_tenant_email_idx').on(
      table.tenantId,
      table.productId,
      sql`lower(${table.email})`,
      table.createdAt.desc(),
    ),
    foreignKey({
      name: 'pass_email_verifications_product_fkey',
      columns: [table.tenantId, table.productId],
      foreignColumns: [passProducts.tenantId, passProducts.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'pass_email_verifications_customer_fkey',
      columns: [table.tenantId, table.customerId],
      foreignColumns: [customers.tenantId, customers.id],
    }).onDelete('cascade'),
  ],
);

export type PassProductRow = typeof passProducts.$inferSelect;
export type PassProductRulesRow = typeof passProductRules.$inferSelect;
export type IssuedPassRow = typeof issuedPasses.$inferSelect;
export type PermitHolderRow = typeof permitHolders.$inferSelect;
export type CustomerVehicleRow = typeof customerVehicles.$inferSelect;
export type PassVehicleRow = typeof passVehicles.$inferSelect;
export type PassAccessCodeRow = typeof passAccessCodes.$inferSelect;
