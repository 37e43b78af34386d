import { localized } from '../i18n/catalogue';

/** Console refunds with a reason, in full or in part (issue 33, decision 224). */
export const refundMessages = /* @__PURE__ */ localized('refundMessages', {
  nothingLeft: 'There is no payment left to refund.',
  tooMuch: 'You can refund at most {amount}: what was paid minus what was already refunded.',
  noProviderPayment:
    'The provider gave no payment id for this payment: refund it in the provider’s dashboard.',
  providerFailed: 'The payment provider could not refund this payment: {message}',
  refund: 'Refund',
  dialogTitle: 'Refund a payment',
  refundableNow: 'Refundable now: {amount} of {paid} paid.',
  amountLabel: 'Amount to refund ({currency})',
  amountHint: 'All that is refundable unless you lower it.',
  amountInvalid: 'Enter an amount like 12.50, more than zero.',
  amountTooMuch: 'At most {amount} can be refunded.',
  reasonLabel: 'Reason (the customer reads it)',
  reasonRequired: 'Say why you are refunding.',
  passFullEffect: 'A full refund cancels the pass; a partial refund leaves it active.',
  noticeFullEffect: 'A full refund voids the notice; a partial refund leaves it paid.',
  confirm: 'Refund {amount}',
  done: '{amount} refunded.',
  refunded: 'Refunded',
  emailSubject: 'You have been refunded {amount}',
  emailPassBody: '{amount} of your payment for {product} (permit #{number}) has been refunded.',
  emailNoticeBody: '{amount} of your payment for notice {number} has been refunded.',
  emailReason: 'Reason: {reason}',
  emailTiming: 'The money goes back to the card you paid with; your bank may take a few days to show it.',
  emailPassCanceled: 'The permit is canceled.',
  emailNoticeVoided: 'The notice is voided: there is nothing to pay.',
  viewPermit: 'View your permit',
  viewNotice: 'View the notice',
} as const);
