import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { TenantSettings } from '../../../shared/contract';
import type { TenantGuestQuota, tenantSettingsBodySchema } from '../../../shared/contract/console-settings';
import { languageMessages } from '../../../shared/messages/languages';
import type { StoragePort } from '../../adapters/storage/storage-port';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { type TenantRow, tenants } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { recordAudit } from '../audit';
import type { ConsoleAccess } from '../operators';
import { attachUploads, verifyUploadUrls } from '../uploads';
import { moveToCurrency } from './move-to-currency';

export type TenantSettingsChanges = z.output<typeof tenantSettingsBodySchema>;

export function toTenantSettings(tenant: TenantRow): TenantSettings {
  return {
    brandTitle: tenant.brandTitle,
    brandColor: tenant.brandColor.toUpperCase(),
    logoUrl: tenant.logoUrl,
    logoVersion: tenant.logoVersion,
    header1: tenant.header1,
    header2: tenant.header2,
    contactEmail: tenant.contactEmail,
    contactNumber: tenant.contactNumber,
    isCitationOnly: tenant.isCitationOnly,
    isPermitOnly: tenant.isPermitOnly,
    isPrivate: tenant.isPrivate,
    isLoginOnly: tenant.isLoginOnly,
    isViolationAndNotNotice: tenant.isViolationAndNotNotice,
    isPermitCodeNeeded: tenant.isPermitCodeNeeded,
    maxPermitCountPerCustomer: tenant.maxPermitCountPerCustomer,
    timezone: tenant.timezone,
    appealWindowDays: tenant.appealWindowDays,
    unpaidReservationMinutes: tenant.unpaidReservationMinutes,
    processingFeeBasisPoints: tenant.processingFeeBasisPoints,
    processingFeeFixedCents: tenant.processingFeeFixedCents,
    serviceFeeCents: tenant.serviceFeeCents,
    scanRetentionDays: tenant.scanRetentionDays,
    patrolPhotoRetentionDays: tenant.patrolPhotoRetentionDays,
    closedAppealPhotoRetentionDays: tenant.closedAppealPhotoRetentionDays,
    unconfirmedGuestRetentionDays: tenant.unconfirmedGuestRetentionDays,
    repeatOffenderNoticeCount: tenant.repeatOffenderNoticeCount,
    repeatOffenderOverdueDays: tenant.repeatOffenderOverdueDays,
    paymentPlanThreshold: tenant.paymentPlanThreshold,
    paymentPlanMaxInstalments: tenant.paymentPlanMaxInstalments,
    paymentPlanFee: tenant.paymentPlanFee,
    paymentPlanGraceDays: tenant.paymentPlanGraceDays,
    guestQuota: guestQuotaOf(tenant),
    subdomain: tenant.subdomain,
    languages: tenant.languages,
    defaultLanguage: tenant.defaultLanguage,
    currency: tenant.currency,
  };
}

/** The tenant's guest quota as the console edits it, from its four columns; null for none. */
function guestQuotaOf(tenant: TenantRow): TenantGuestQuota | null {
  const { guestQuotaCount: count, guestQuotaMeasure: measure, guestQuotaPerDays: perDays } = tenant;
  if (count === null || !measure || !perDays || !tenant.guestQuotaPer) return null;
  return { measure, count, perDays, per: tenant.guestQuotaPer };
}

/** The columns a guest quota change writes: nothing when absent, all four null for none. */
function guestQuotaColumns(quota: TenantGuestQuota | null | undefined) {
  if (quota === undefined) return {};
  return {
    guestQuotaCount: quota?.count ?? null,
    guestQuotaMeasure: quota?.measure ?? null,
    guestQuotaPerDays: quota?.perDays ?? null,
    guestQuotaPer: quota?.per ?? null,
  };
}

/** Equal settings values: lists (the languages) by their items, objects (the guest quota) by value. */
const sameValue = (a: unknown, b: unknown) =>
  Array.isArray(a) && Array.isArray(b)
    ? a.join() === b.join()
    : typeof a === 'object' && typeof b === 'object' && a !== null && b !== null
      ? JSON.stringify(a) === JSON.stringify(b)
      : a === b;

/** Only the fields that changed, before and after: what the audit log shows. */
function changedFields(before: TenantSettings, after: TenantSettings) {
  const keys = (Object.keys(after) as Array<keyof TenantSettings>).filter(
    (key) => !sameValue(before[key], after[key]),
  );
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

/**
 * Saves the tenant's brand and settings. A new logo must be a 'brand-logo' upload of this tenant
 * that has arrived intact; it is attached in the same transaction, and the logo version moves on
 * so caches of the old picture are bypassed. The change and its audit entry commit together.
 */
export async function updateTenantSettings(options: {
  db: Database;
  storage: StoragePort;
  clock: Clock;
  access: ConsoleAccess;
  changes: TenantSettingsChanges;
}): Promise<TenantSettings> {
  const { tenant, auditActor } = options.access;
  const { changes } = options;
  const { guestQuota, ...settingsColumns } = changes;
  const isNewLogo = changes.logoUrl !== null && changes.logoUrl !== tenant.logoUrl;
  if (isNewLogo && changes.logoUrl) {
    await verifyUploadUrls({
      db: options.db,
      storage: options.storage,
      tenant,
      purpose: 'brand-logo',
      fileUrls: [changes.logoUrl],
      now: options.clock.now(),
    });
  }
  const updated = await options.db.transaction(async (tx) => {
    const [current] = await tx.select().from(tenants).where(eq(tenants.id, tenant.id)).for('update');
    if (!current) throw notFound('Tenant');
    const languages = changes.languages ?? current.languages;
    if (!languages.includes(changes.defaultLanguage ?? current.defaultLanguage)) {
      throw badRequest(languageMessages.defaultNotOffered);
    }
    if (changes.currency && changes.currency !== current.currency) {
      await moveToCurrency(tx, current, changes.currency);
    }
    if (isNewLogo && changes.logoUrl) {
      await attachUploads(tx, { tenantId: tenant.id, purpose: 'brand-logo', fileUrls: [changes.logoUrl] });
    }
    const [row] = await tx
      .update(tenants)
      .set({
        ...settingsColumns,
        ...guestQuotaColumns(guestQuota),
        logoVersion:
          changes.logoUrl === null ? null : isNewLogo ? (current.logoVersion ?? 0) + 1 : current.logoVersion,
      })
      .where(eq(tenants.id, tenant.id))
      .returning();
    if (!row) throw notFound('Tenant');
    const diff = changedFields(toTenantSettings(current), toTenantSettings(row));
    if (Object.keys(diff.after).length > 0) {
      await recordAudit(tx, {
        tenantId: tenant.id,
        actor: auditActor,
        action: 'settings.update',
        entityType: 'settings',
        entityId: tenant.id,
        ...diff,
      });
    }
    return row;
  });
  return toTenantSettings(updated);
}
