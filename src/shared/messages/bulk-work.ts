import { localized } from '../i18n/catalogue';

/** Bulk void, cancel and revoke on the console's lists (issue 33, decision 224). */
export const bulkWorkMessages = /* @__PURE__ */ localized('bulkWorkMessages', {
  alreadyCanceled: 'This pass is already canceled.',
  notCancelable: 'This pass can no longer be canceled.',
  voidAction: 'Void',
  voidTitle: 'Void {count} notices?',
  voidBody:
    'This voids {count} notices: they owe nothing and can no longer be paid. Paid or already void notices are left as they are.',
  voidReason: 'Reason (kept in the audit log)',
  voidReasonRequired: 'Say why the notices are voided.',
  voidConfirm: 'Void {count}',
  cancelAction: 'Cancel passes',
  cancelTitle: 'Cancel {count} passes?',
  cancelBody:
    'This cancels {count} passes without a refund: they stop counting and stop renewing, and each holder is emailed.',
  cancelConfirm: 'Cancel {count}',
  revokeAction: 'Revoke',
  revokeTitle: 'Revoke {count} access codes?',
  revokeBody:
    'This revokes {count} access codes: they can no longer be used. Used codes are left as they are.',
  revokeConfirm: 'Revoke {count}',
  keep: 'Keep them',
} as const);
