import { localized } from '../i18n/catalogue';
/** The platform admin's pages on the bare host (issue 11). */
export const platformAdminMessages = /* @__PURE__ */ localized('platformAdminMessages', {
  loginTitle: 'Platform sign in',
  tenantsTitle: 'Tenants',
  empty: 'No tenants yet.',
  createTitle: 'Create a tenant',
  createButton: 'Create tenant and invite its admin',
  created: 'Created {subdomain}. {email} has been emailed a link to set a password.',
  subdomainLabel: 'Subdomain',
  subdomainHelp: 'Letters, digits and hyphens; the portal address starts with it.',
  titleLabel: 'Portal title',
  timezoneLabel: 'Time zone',
  adminNameLabel: "First admin's name",
  adminEmailLabel: "First admin's email",
  operatorsLabel: 'Operators',
  createdLabel: 'Created',
} as const);
