import type { BrandDetails } from '../../../shared/contract';
import { normaliseBrandColor } from '../../../shared/rules';
import type { TenantRow } from '../../db/schema';

/** A tenant as the brand-details call presents it. */
export function toBrandDetails(tenant: TenantRow): BrandDetails {
  return {
    brandColor: normaliseBrandColor(tenant.brandColor),
    brandTitle: tenant.brandTitle,
    logoUrl: tenant.logoUrl,
    logoVersion: tenant.logoVersion,
    subdomain: tenant.subdomain,
    header1: tenant.header1,
    header2: tenant.header2,
    entityUUID: tenant.id,
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
    languages: tenant.languages,
    defaultLanguage: tenant.defaultLanguage,
    currency: tenant.currency,
  };
}
