import { localized } from '../i18n/catalogue';
/** Extending a short pass (issue 31, decision 236): refusals, the checkout line, the editor. */
export const passExtensionMessages = /* @__PURE__ */ localized('passExtensionMessages', {
  notAllowed: 'This pass cannot be extended.',
  notShort: 'Only passes of a day or less can be extended.',
  ended: 'This pass has ended, so it can no longer be extended. You can buy a new pass instead.',
  notPaid: 'Only a paid pass can be extended.',
  waitlist: 'People are waiting for this pass, so it cannot be extended.',
  lineItem: 'Extension of {product} #{number}, {start} to {end}',
  editorAllowsExtension: 'Let short passes be extended',
  editorAllowsExtensionHelp:
    'Passes of a day or less can buy the following window from their reminder email, at the current price.',
  reminderExtendAction: 'Extend your pass',
  // The pass's page.
  title: 'Extend this pass',
  offer: 'Keep parking until {end} for {amount}. The extension starts when this pass ends.',
  button: 'Extend until {end}',
  failed: 'The pass could not be extended. Please try again.',
  paidBanner: 'Thank you: your pass is extended.',
  paidLine: 'Extended from {start} to {end} ({amount})',
  // The console's pass page (decision 243).
  consoleTitle: 'Extensions',
  consoleColumnWindow: 'Time added',
  consoleColumnAmount: 'Amount',
  consoleColumnStatus: 'Status',
  consoleColumnDate: 'Date',
  consoleWindow: '{start} to {end}',
  consoleStatus: {
    paid: 'Paid',
    refused: 'Refused, payment returned',
    refunded: 'Refunded',
  },
  consoleRefundHelp:
    'A refund gives back the newest payment first. Refunding all of an extension undoes it: the pass ends when it did before.',
} as const);
