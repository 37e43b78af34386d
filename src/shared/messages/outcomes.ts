import { localized } from '../i18n/catalogue';
/**
 * What an appeal's answer did to its notice (issue 33: outcomes safe by default), as the operator
 * chooses it, the appellant's email says it and the public pages show it.
 */
export const appealOutcomeMessages = /* @__PURE__ */ localized('appealOutcomeMessages', {
  outcomeLegend: 'What happens to the notice',
  outcomeVoid: 'Void the notice: nothing left to pay',
  outcomeReduce: 'Reduce the amount to pay',
  reduceToLabel: 'New amount (dollars)',
  reduceToRequired: 'Enter the reduced amount, like 25.00.',
  amountDueNow: 'Amount due now: {amount}',
  approveAndVoid: 'Approve and void',
  approveAndReduce: 'Approve and reduce',
  onlyApprovalReduces: 'Only an approved appeal can reduce the notice.',
  reduceNotBelow: 'The reduced amount must be less than the {amount} due now.',
  paidCannotApprove: 'This notice is paid: refund the payment from the notice, then answer the appeal.',
  emailVoided: 'The notice has been voided: there is nothing to pay.',
  emailReduced:
    'The amount of the notice has been reduced to {amount}. Please pay it by the dates shown on the notice.',
  decisionVoided: 'The notice has been voided: there is nothing to pay.',
  decisionReduced: 'The amount to pay has been reduced to {amount}.',
  historyApprovedVoided: 'Appeal approved: notice voided',
  historyApprovedReduced: 'Appeal approved: amount reduced to {amount}',
  bannerApprovedReduced: 'Appeal approved: the amount is reduced to {amount}.',
  queueVoided: 'Voided',
  queueReduced: 'Reduced to {amount}',
  auditReason: 'Appeal approved',
} as const);

/** Bulk work in the console's lists (issue 33). */
export const bulkMessages = /* @__PURE__ */ localized('bulkMessages', {
  tooMany: 'Choose at most {max} rows at once: narrow the search, then try again.',
  notFound: 'This record was not found.',
  selectRow: 'Select {label}',
  selectPage: 'Select every row on this page',
  // Counts are numbers: ICU formats them for the language ("1,234" / "1 234") and picks plurals.
  selectedCount: '{count, number} selected',
  selectAllMatching: 'Select all {count, number} matching',
  clearSelection: 'Clear selection',
  approve: 'Approve',
  reject: 'Reject',
  messageLabel: 'Message to the registrants (optional)',
  approveTitle: '{count, plural, one {Approve # pass?} other {Approve # passes?}}',
  rejectTitle: '{count, plural, one {Reject # pass?} other {Reject # passes?}}',
  approveBody:
    '{count, plural, one {This approves # pass waiting for approval. The registrant is emailed; a pass with a charge waits for its payment.} other {This approves # passes waiting for approval. Each registrant is emailed; a pass with a charge waits for its payment.}}',
  rejectBody:
    '{count, plural, one {This rejects # pass waiting for approval. The registrant is emailed.} other {This rejects # passes waiting for approval. Each registrant is emailed.}}',
  approveConfirm: 'Approve {count, number}',
  rejectConfirm: 'Reject {count, number}',
  cancel: 'Cancel',
  doneAll: '{count, number} changed.',
  doneSome: '{count, number} changed; {failed, number} could not be changed:',
  bulkActions: 'Bulk actions',
  dismiss: 'Dismiss',
  selectColumn: 'Select',
} as const);
