import { localized } from '../i18n/catalogue';
/** A person's data (issue 28): export, closing an account, and the console's erasure on request. */
export const privacyMessages = /* @__PURE__ */ localized('privacyMessages', {
  // The account screen's card.
  cardTitle: 'Your data',
  cardIntro:
    'Download everything this portal holds about you, or close your account. Closing erases your name, contact details, vehicles and photos; payment and notice records the law requires are kept without them.',
  downloadJson: 'Download my data (JSON)',
  downloadCsv: 'Download my data (CSV)',
  downloadFailed: 'The download could not be prepared. Try again in a moment.',
  closeAccount: 'Close my account',
  closeTitle: 'Close your account?',
  closeWarning:
    'This cannot be undone. Your recurring passes stop renewing, your other passes are canceled, and you are signed out everywhere. We email you a confirmation.',
  closePasswordLabel: 'Your password',
  closeConfirm: 'Close account',
  cancel: 'Cancel',
  closedNotice: 'Your account is closed. A confirmation is on its way to your email.',
  closedOk: 'OK',
  closeDialog: 'Close',
  // Errors.
  wrongPassword: 'The password is not correct.',
  alreadyClosed: 'This account is already closed.',
  confirmEmailMismatch: "The email typed does not match the customer's email.",
  // The confirmation email (sent to the address the account had).
  closedEmailSubject: 'Your account is closed',
  closedEmailBody:
    'As you asked, your account on {brand} is closed and your personal data erased. Records the law requires us to keep (payments, notices) no longer name you.',
  closedEmailNotYou: 'If you did not ask for this, contact us.',
  // The erased record's stand-ins.
  closedAccountName: 'Closed account',
  erasedText: '[erased]',
  // The console's customer screen.
  consoleCardTitle: 'Personal data',
  consoleIntro:
    "On the customer's request: export everything held about them, or close their account and erase their personal data (both are audit-logged).",
  consoleErase: 'Erase customer',
  consoleEraseTitle: 'Erase this customer?',
  consoleEraseWarning:
    'This cannot be undone. Type the customer’s email to confirm. Their recurring passes stop renewing and they are emailed a confirmation.',
  consoleConfirmEmailLabel: "Customer's email",
  consoleErased: 'The customer was erased.',
  consoleDownloadJson: 'Export their data (JSON)',
  consoleDownloadCsv: 'Export their data (CSV)',
  consoleEmailMismatch: 'Type the customer’s email exactly as shown to confirm.',
  consoleClosedAccount: 'This account is closed; its personal data has been erased.',
  // The console's settings: the tenant's own export.
  tenantExportTitle: 'Export all of this portal’s data',
  tenantExportIntro:
    'One JSON file with every record of this portal (settings, notices, customers, passes, products, operators, scans, reports) and the history of payments, appeals and changes, in the format the portal loads. Passwords are included only as secure hashes. The download is audit-logged.',
  tenantExportButton: 'Download the export',
} as const);
