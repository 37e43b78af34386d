import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Locale } from '../../../shared/i18n/locales';
import type { Currency } from '../../../shared/rules/currencies';
import type { GuestQuotaSubject, QuotaMeasure } from '../../../shared/rules/pass-values';

/** An operator. Its id is the spec's entityUUID; its columns are the Brand details. */
export const tenants = pgTable('tenants', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  subdomain: text('subdomain').notNull().unique(),
  brandTitle: text('brand_title').notNull(),
  brandColor: text('brand_color').notNull().default('000000'),
  logoUrl: text('logo_url'),
  logoVersion: integer('logo_version'),
  header1: text('header1'),
  header2: text('header2'),
  contactEmail: text('contact_email'),
  contactNumber: text('contact_number'),
  isCitationOnly: boolean('is_citation_only').notNull().default(false),
  isPermitOnly: boolean('is_permit_only').notNull().default(false),
  isPrivate: boolean('is_private').notNull().default(false),
  isLoginOnly: boolean('is_login_only').notNull().default(false),
  isViolationAndNotNotice: boolean('is_violation_and_not_notice').notNull().default(false),
  isPermitCodeNeeded: boolean('is_permit_code_needed').notNull().default(false),
  maxPermitCountPerCustomer: integer('max_permit_count_per_customer'),
  /** Minutes an unpaid (incomplete) pass holds its place against its product's capacity. */
  unpaidReservationMinutes: integer('unpaid_reservation_minutes').notNull().default(30),
  timezone: text('timezone').notNull().default('America/New_York'),
  /** The languages the portal offers (migration 1140): all three unless the tenant turned some off. */
  languages: text('languages')
    .array()
    .$type<Locale[]>()
    .notNull()
    .default(sql`ARRAY['en', 'fr', 'es']::text[]`),
  /** The language of a visitor who chose none and whose browser asks for none offered. */
  defaultLanguage: text('default_language').$type<Locale>().notNull().default('en'),
  /** What its prices, notices and passes are in and the provider charges (migration 1280, decision 244). */
  currency: text('currency').$type<Currency>().notNull().default('usd'),
  /** Days after issue (tenant-local calendar days) within which a notice may be appealed. */
  appealWindowDays: integer('appeal_window_days').notNull().default(21),
  /** Card processing fee on a payment: this share of the amount due (1/100 %) plus the fixed cents. */
  processingFeeBasisPoints: integer('processing_fee_basis_points').notNull().default(0),
  processingFeeFixedCents: integer('processing_fee_fixed_cents').notNull().default(0),
  /** Platform service fee on a payment, in cents. */
  serviceFeeCents: integer('service_fee_cents').notNull().default(0),
  /** Stripe Connect account (acct_...) that receives this tenant's payments; null: the platform's. */
  stripeAccountId: text('stripe_account_id'),
  /** Retention in days (migration 1060, docs/privacy.md): the retention sweep deletes what is older. */
  scanRetentionDays: integer('scan_retention_days').notNull().default(365),
  patrolPhotoRetentionDays: integer('patrol_photo_retention_days').notNull().default(90),
  closedAppealPhotoRetentionDays: integer('closed_appeal_photo_retention_days').notNull().default(180),
  unconfirmedGuestRetentionDays: integer('unconfirmed_guest_retention_days').notNull().default(30),
  /**
   * Repeat offenders (migration 1160, decision 213): a plate with at least this many unpaid
   * notices, or with a notice unpaid for more than this many tenant-local days. Null: that test is off.
   */
  repeatOffenderNoticeCount: integer('repeat_offender_notice_count'),
  repeatOffenderOverdueDays: integer('repeat_offender_overdue_days'),
  /**
   * Payment plans (migration 1190, decision 222): a notice of at least this many cents may be paid
   * in 2 to paymentPlanMaxInstalments monthly instalments plus paymentPlanFee; null: no plans.
   */
  paymentPlanThreshold: integer('payment_plan_threshold'),
  paymentPlanMaxInstalments: integer('payment_plan_max_instalments').notNull().default(6),
  paymentPlanFee: integer('payment_plan_fee').notNull().default(0),
  /** Days after an instalment's first failure before the plan ends ('defaulted'). */
  paymentPlanGraceDays: integer('payment_plan_grace_days').notNull().default(14),
  /**
   * The guest quota of the tenant's visitor products that have none of their own (migration 1330,
   * decision 249): `guestQuotaCount` passes or hours per `guestQuotaPerDays` days, per account or
   * per household ('unit'). All four null: no default.
   */
  guestQuotaCount: integer('guest_quota_count'),
  guestQuotaMeasure: text('guest_quota_measure').$type<QuotaMeasure>(),
  guestQuotaPerDays: integer('guest_quota_per_days'),
  guestQuotaPer: text('guest_quota_per').$type<GuestQuotaSubject>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type TenantRow = typeof tenants.$inferSelect;
