/**
 * How long a tenant keeps what it collects (issue 28, docs/privacy.md), in days, with the defaults
 * a new tenant gets. Each is a tenant setting; the retention sweep deletes what is older.
 */
export const RETENTION_SETTINGS = {
  /** Plate scans recorded by patrol devices: long enough for a year of disputes and reports. */
  scanRetentionDays: 365,
  /** The photos taken with scans: the scan row stays (its plate and place), the picture goes. */
  patrolPhotoRetentionDays: 90,
  /** Photos of an appeal (and its thread) after the appeal was decided. */
  closedAppealPhotoRetentionDays: 180,
  /** A guest's details that were never confirmed: unused email links, unpaid guest passes. */
  unconfirmedGuestRetentionDays: 30,
} as const;

export type RetentionSetting = keyof typeof RETENTION_SETTINGS;
export const RETENTION_SETTING_NAMES = Object.keys(RETENTION_SETTINGS) as RetentionSetting[];

export const MIN_RETENTION_DAYS = 1;
export const MAX_RETENTION_DAYS = 3650;
