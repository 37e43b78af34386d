import { localized } from '../i18n/catalogue';
import { fillMessage } from './fill';

/** Strings shared by every screen. Wording follows the specification exactly. */
export const commonMessages = /* @__PURE__ */ localized('commonMessages', {
  appVersion: 'v2.21.3',
  // Every password field's show/hide toggle (the app's theme names it; the landing page loads it).
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  notFound: "Sorry, this page isn't available.",
  bareHostTitle: 'VPC Payment Portal',
  defaultTenantTitle: 'VPC Portal',
  portalTitleSuffix: 'Portal',
  loading: 'Loading...',
  skipToContent: 'Skip to main content',
  privacy: 'Privacy',
  terms: 'Terms',
  goHome: 'Go to the home page',
  defaultSupport: 'support',
  findPortalTitle: 'Find your parking portal',
  findPortalIntro:
    'Looking for the place to pay or appeal a parking notice, or to get a parking pass? Search for the parking operator named on your notice or sign.',
  findPortalLabel: 'Parking operator name',
  findPortalButton: 'Find portal',
  findPortalResults: 'Parking portals',
  noPortalsFound:
    'No parking portal matches that name. Check the spelling, or use the web address printed on your notice.',
} as const);

/** '{brandTitle} Portal', or the generic title on a bare host. */
export function portalTitle(brandTitle: string | null | undefined): string {
  return brandTitle ? `${brandTitle} ${commonMessages.portalTitleSuffix}` : commonMessages.bareHostTitle;
}

/** Replaces '{support}' with the tenant's contact email when it has one. */
export function withSupport(template: string, contactEmail?: string | null): string {
  return fillMessage(template, { support: contactEmail || commonMessages.defaultSupport });
}
