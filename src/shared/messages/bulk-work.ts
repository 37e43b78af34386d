import { localized } from '../i18n/catalogue';

/** Bulk void, cancel and revoke on the console's lists (issue 33, decision 224). */
export const bulkWorkMessages = /* @__PURE__ */ localized('bulkWorkMessages', {
  alreadyCanceled: 'This pass is already canceled.',
  notCancelable: 'This pass can no longer be canceled.',
  voidAction: 'Void',
  voidTitle: '{count, plural, one {Void # notice?} other {Void # notices?}}',
  voidBody:
    '{count, plural, one {This voids # notice: it owes nothing and can no longer be paid.} other {This voids # notices: they owe nothing and can no longer be paid.}} Paid or already void notices are left as they are.',
  voidReason: 'Reason (kept in the audit log)',
  voidReasonRequired: 'Say why the notices are voided.',
  voidConfirm: 'Void {count, number}',
  cancelAction: 'Cancel passes',
  cancelTitle: '{count, plural, one {Cancel # pass?} other {Cancel # passes?}}',
  cancelBody:
    '{count, plural, one {This cancels # pass without a refund: it stops counting and stops renewing, and its holder is emailed.} other {This cancels # passes without a refund: they stop counting and stop renewing, and each holder is emailed.}}',
  cancelConfirm: 'Cancel {count, number}',
  revokeAction: 'Revoke',
  revokeTitle: '{count, plural, one {Revoke # access code?} other {Revoke # access codes?}}',
  revokeBody:
    '{count, plural, one {This revokes # access code: it can no longer be used.} other {This revokes # access codes: they can no longer be used.}} Used codes are left as they are.',
  revokeConfirm: 'Revoke {count, number}',
  keep: 'Keep them',
} as const);
