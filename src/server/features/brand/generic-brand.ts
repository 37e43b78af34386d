import type { BrandDetails } from '../../../shared/contract';
import { commonMessages } from '../../../shared/messages';
import { BARE_HOST_TENANT, DEFAULT_BRAND_COLOR, DEFAULT_CURRENCY } from '../../../shared/rules';

/**
 * The brand of a bare host (www, localhost): the spec's generic title and black header, no
 * operator behind it (nil entity), so pages reached there are drawn like every other page.
 */
export const GENERIC_BRAND = (): BrandDetails => ({
  brandColor: DEFAULT_BRAND_COLOR,
  brandTitle: commonMessages.bareHostTitle,
  logoUrl: null,
  logoVersion: null,
  subdomain: BARE_HOST_TENANT,
  header1: null,
  header2: null,
  entityUUID: '00000000-0000-0000-0000-000000000000',
  contactEmail: null,
  contactNumber: null,
  isCitationOnly: false,
  isPermitOnly: false,
  isPrivate: false,
  isLoginOnly: false,
  isViolationAndNotNotice: false,
  isPermitCodeNeeded: false,
  maxPermitCountPerCustomer: null,
  timezone: 'UTC',
  languages: ['en', 'fr', 'es'],
  defaultLanguage: 'en',
  currency: DEFAULT_CURRENCY,
});
