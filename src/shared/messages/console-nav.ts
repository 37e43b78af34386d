import { localized } from '../i18n/catalogue';

/** The console's menu: one entry per section (issue 11), in the operator's language (issue 30). */
export const consoleNavMessages = /* @__PURE__ */ localized('consoleNavMessages', {
  overview: 'Overview',
  plates: 'Plate lookup',
  notices: 'Notices',
  repeatOffenders: 'Repeat offenders',
  appeals: 'Appeals',
  passes: 'Passes',
  products: 'Pass products',
  waitlists: 'Waitlists',
  customers: 'Customers',
  reports: 'Reports',
  settings: 'Settings',
  operators: 'Operators',
  audit: 'Audit log',
} as const);
