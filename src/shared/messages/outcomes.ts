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
  selectedCount: '{count} selected',
  selectAllMatching: 'Select all {count} matching',
  clearSelection: 'Clear selection',
  approve: 'Approve',
  reject: 'Reject',
  messageLabel: 'Message to the registrants (optional)',
  approveTitle: 'Approve {count} passes?',
  rejectTitle: 'Reject {count} passes?',
  approveBody:
    'This approves {count} passes waiting for approval. Each registrant is emailed; a pass with a charge waits for its payment.',
  rejectBody: 'This rejects {count} passes waiting for approval. Each registrant is emailed.',
  approveConfirm: 'Approve {count}',
  rejectConfirm: 'Reject {count}',
  cancel: 'Cancel',
  doneAll: '{count} changed.',
  doneSome: '{count} changed; {failed} could not be changed:',
  bulkActions: 'Bulk actions',
  dismiss: 'Dismiss',
  selectColumn: 'Select',
} as const);
