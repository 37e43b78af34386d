/**
 * The enumerated values of parking passes (part 2 section 3 and 4). The database checks the same
 * lists (migrations 0701, 0702); contracts and screens take them from here.
 */
export const PASS_PAID_STATUSES = [
  'paid',
  'waiting',
  'rejected',
  'expired',
  'incomplete',
  'canceled',
] as const;
export type PassPaidStatus = (typeof PASS_PAID_STATUSES)[number];

export const BILLING_TYPES = ['ONE TIME', 'RECURRING'] as const;
export type BillingType = (typeof BILLING_TYPES)[number];

/** 'NONE' for one-time products; the renewal period of a recurring one otherwise. */
export const BILLING_PERIODS = ['NONE', 'DAY', 'WEEK', 'MONTH', 'YEAR'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

export const DURATION_UNITS = ['MINUTE', 'HOUR', 'DAY', 'MONTH', 'YEAR'] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number];

/** 1: fixed from now for the duration; 2: the preset chosenDate to chosenEndDate; 3: the user picks. */
export const TIME_SELECTION_TYPES = [1, 2, 3] as const;
export type TimeSelectionType = (typeof TIME_SELECTION_TYPES)[number];

/** The numeric advancedType values, which the spec leaves to us (docs/decisions/093). */
export const ADVANCED_TYPES = {
  simple: 0,
  noLabel: 1,
  normalAddress: 2,
  labelAndAddress: 3,
  fullCustom: 4,
  square: 5,
} as const;
export type AdvancedType = (typeof ADVANCED_TYPES)[keyof typeof ADVANCED_TYPES];
export const ADVANCED_TYPE_VALUES = Object.values(ADVANCED_TYPES) as AdvancedType[];

/** 0: email only; 1: email and name. */
export const GUEST_FIELDS_TYPES = [0, 1] as const;
export type GuestFieldsType = (typeof GUEST_FIELDS_TYPES)[number];

/** A product's residency rule: 'HI' is section 5's Hawaii-residents-only rule. */
export const RESIDENCY_RULES = ['HI'] as const;
export type ResidencyRule = (typeof RESIDENCY_RULES)[number];

/**
 * A product rule's quota: counted per customer account, per plate, or per household ('unit': the
 * accounts of one building and unit, decision 249), in passes or in hours of parking.
 */
export const QUOTA_SUBJECTS = ['customer', 'plate', 'unit'] as const;
export type QuotaSubject = (typeof QUOTA_SUBJECTS)[number];
/** Whom a guest quota counts: each account, or each household. */
export const GUEST_QUOTA_SUBJECTS = ['customer', 'unit'] as const;
export type GuestQuotaSubject = (typeof GUEST_QUOTA_SUBJECTS)[number];
export const QUOTA_MEASURES = ['passes', 'hours'] as const;
export type QuotaMeasure = (typeof QUOTA_MEASURES)[number];

/** How a customer account came to be: signed up with a password, a guest checkout, or an invitation. */
export const ACCOUNT_ORIGINS = ['signup', 'guest', 'invited'] as const;
export type AccountOrigin = (typeof ACCOUNT_ORIGINS)[number];
