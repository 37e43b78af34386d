import { z } from 'zod';
import { LOCALES } from '../i18n/locales';
import { currencyMessages } from '../messages/currencies';
import { languageMessages } from '../messages/languages';
import { isValidEmail, stripWhitespace } from '../rules/account-validation';
import { CURRENCIES } from '../rules/currencies';
import { GUEST_QUOTA_SUBJECTS, QUOTA_MEASURES } from '../rules/pass-values';
import {
  MAX_PLAN_FEE,
  MAX_PLAN_GRACE_DAYS,
  MAX_PLAN_INSTALMENTS,
  MIN_PLAN_INSTALMENTS,
} from '../rules/payment-plans';
import {
  MAX_REPEAT_OFFENDER_NOTICE_COUNT,
  MAX_REPEAT_OFFENDER_OVERDUE_DAYS,
} from '../rules/repeat-offenders';
import { MAX_RETENTION_DAYS, MIN_RETENTION_DAYS } from '../rules/retention';
import { isValidTimeZone } from '../rules/time-zones';
import { brandDetailsSchema } from './brand';
import { defineRoute } from './define-route';

/**
 * The tenant's brand and settings as the console edits them (issue 11): every column of the
 * tenant row an operator runs, the brand-details fields of part 1 section 3 among them. The
 * platform's own settings (its service fee, the payment account) are shown, not edited here.
 */
const trimmedText = (max: number, options: { required?: boolean } = {}) =>
  z
    .string()
    .max(max * 4)
    .transform((value) => value.trim())
    .refine((value) => !options.required || value.length > 0, 'must not be empty')
    .refine((value) => value.length <= max, `must be at most ${max} characters`);

const optionalText = (max: number) =>
  trimmedText(max)
    .nullable()
    .transform((value) => (value ? value : null));

const wholeNumber = (min: number, max: number) =>
  z
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);

/** '#1a6b3c', '1A6B3C': stored as six upper-case hex digits, the brand details' form. */
export const brandColorInputSchema = z
  .string()
  .max(20)
  .transform((value) => value.trim().replace(/^#/, '').toUpperCase())
  .refine((value) => /^[0-9A-F]{6}$/.test(value), 'must be a colour like #1A6B3C');

/**
 * The tenant's guest quota (decision 249): `count` passes or hours per `perDays` days, per account
 * or per household ('unit'), for its visitor products without a quota of their own.
 */
export const tenantGuestQuotaSchema = z.object({
  measure: z.enum(QUOTA_MEASURES),
  count: wholeNumber(1, 100_000),
  perDays: wholeNumber(1, 1000),
  per: z.enum(GUEST_QUOTA_SUBJECTS),
});
export type TenantGuestQuota = z.infer<typeof tenantGuestQuotaSchema>;

export const BRAND_TITLE_MAX = 100;
export const HEADER_MAX = 500;

export const tenantSettingsBodySchema = z
  .object({
    brandTitle: trimmedText(BRAND_TITLE_MAX, { required: true }),
    brandColor: brandColorInputSchema,
    /** A stored 'brand-logo' upload of this tenant, or the logo already in use; null: no logo. */
    logoUrl: z.string().max(2000).nullable(),
    header1: optionalText(HEADER_MAX),
    header2: optionalText(HEADER_MAX),
    contactEmail: z
      .string()
      .max(400)
      .transform(stripWhitespace)
      .refine(
        (value) => value === '' || isValidEmail(value),
        'must be an email address like help@example.com',
      )
      .nullable()
      .transform((value) => (value ? value : null)),
    contactNumber: trimmedText(40)
      .refine((value) => value === '' || /^[0-9+()./\- ]{3,40}$/.test(value), 'must be a phone number')
      .nullable()
      .transform((value) => (value ? value : null)),
    isCitationOnly: z.boolean(),
    isPermitOnly: z.boolean(),
    isPrivate: z.boolean(),
    isLoginOnly: z.boolean(),
    isViolationAndNotNotice: z.boolean(),
    isPermitCodeNeeded: z.boolean(),
    /** Null: no limit. */
    maxPermitCountPerCustomer: wholeNumber(1, 1000).nullable(),
    timezone: z.string().max(64).refine(isValidTimeZone, 'must be a time zone such as America/New_York'),
    appealWindowDays: wholeNumber(0, 3650),
    unpaidReservationMinutes: wholeNumber(1, 1440),
    processingFeeBasisPoints: wholeNumber(0, 2000),
    processingFeeFixedCents: wholeNumber(0, 100000),
    // Retention (issue 28, docs/privacy.md); absent: unchanged, so older clients keep working.
    scanRetentionDays: wholeNumber(MIN_RETENTION_DAYS, MAX_RETENTION_DAYS).optional(),
    patrolPhotoRetentionDays: wholeNumber(MIN_RETENTION_DAYS, MAX_RETENTION_DAYS).optional(),
    closedAppealPhotoRetentionDays: wholeNumber(MIN_RETENTION_DAYS, MAX_RETENTION_DAYS).optional(),
    unconfirmedGuestRetentionDays: wholeNumber(MIN_RETENTION_DAYS, MAX_RETENTION_DAYS).optional(),
    // Repeat offenders (issue 31, decision 213); null: that test is off; absent: unchanged.
    repeatOffenderNoticeCount: wholeNumber(1, MAX_REPEAT_OFFENDER_NOTICE_COUNT).nullable().optional(),
    repeatOffenderOverdueDays: wholeNumber(1, MAX_REPEAT_OFFENDER_OVERDUE_DAYS).nullable().optional(),
    // Payment plans (issue 31, decision 222); threshold null: no plans; absent: unchanged.
    paymentPlanThreshold: wholeNumber(1, 100_000_000).nullable().optional(),
    paymentPlanMaxInstalments: wholeNumber(MIN_PLAN_INSTALMENTS, MAX_PLAN_INSTALMENTS).optional(),
    paymentPlanFee: wholeNumber(0, MAX_PLAN_FEE).optional(),
    paymentPlanGraceDays: wholeNumber(1, MAX_PLAN_GRACE_DAYS).optional(),
    // The tenant's guest quota (decision 249); null: none; absent: unchanged.
    guestQuota: tenantGuestQuotaSchema.nullable().optional(),
    // Languages (issue 30); absent: unchanged. The default must be one offered (checked on save).
    languages: z
      .array(z.enum(LOCALES, { message: languageMessages.unknownLanguage }))
      .max(LOCALES.length * 2)
      .min(1, languageMessages.atLeastOne)
      .transform((list) => LOCALES.filter((locale) => list.includes(locale)))
      .optional(),
    defaultLanguage: z.enum(LOCALES, { message: languageMessages.unknownLanguage }).optional(),
    // The currency (decision 244); absent: unchanged. Refused on save once payments were taken.
    currency: z.enum(CURRENCIES, { message: currencyMessages.unknownCurrency }).optional(),
  })
  .refine((body) => !(body.isCitationOnly && body.isPermitOnly), {
    message: 'A portal cannot be both notices only and passes only.',
    path: ['isPermitOnly'],
  });
export type TenantSettingsBody = z.input<typeof tenantSettingsBodySchema>;

/** The brand as the portal shows it (brandDetailsSchema), with the settings only the console sees. */
export const tenantSettingsSchema = brandDetailsSchema.omit({ entityUUID: true }).extend({
  appealWindowDays: z.number().int(),
  unpaidReservationMinutes: z.number().int(),
  processingFeeBasisPoints: z.number().int(),
  processingFeeFixedCents: z.number().int(),
  scanRetentionDays: z.number().int(),
  patrolPhotoRetentionDays: z.number().int(),
  closedAppealPhotoRetentionDays: z.number().int(),
  unconfirmedGuestRetentionDays: z.number().int(),
  repeatOffenderNoticeCount: z.number().int().nullable(),
  repeatOffenderOverdueDays: z.number().int().nullable(),
  paymentPlanThreshold: z.number().int().nullable(),
  paymentPlanMaxInstalments: z.number().int(),
  paymentPlanFee: z.number().int(),
  paymentPlanGraceDays: z.number().int(),
  guestQuota: tenantGuestQuotaSchema.nullable(),
  /** Read-only here: the platform's fee, set by the platform. */
  serviceFeeCents: z.number().int(),
});
export type TenantSettings = z.infer<typeof tenantSettingsSchema>;

export const getTenantSettingsContract = defineRoute({
  method: 'GET',
  path: '/dashboard/settings',
  summary: "The tenant's brand and settings",
  tags: ['dashboard'],
  auth: 'operator',
  permission: 'settings.manage',
  response: tenantSettingsSchema,
  errors: [401, 403, 404],
});

export const updateTenantSettingsContract = defineRoute({
  method: 'PUT',
  path: '/dashboard/settings',
  summary: "Replaces the tenant's brand and settings (audit-logged; the portal shows them at once)",
  tags: ['dashboard'],
  auth: 'operator',
  permission: 'settings.manage',
  body: tenantSettingsBodySchema,
  response: tenantSettingsSchema,
  errors: [401, 403, 404],
});
