import { localized } from '../i18n/catalogue';

/**
 * A payment's state at the payment provider, as a customer's transactions and a customer's page in
 * the console show it (issue 30): the words, never the provider's codes.
 */
export const paymentSessionStatusMessages = /* @__PURE__ */ localized('paymentSessionStatusMessages', {
  open: 'Open',
  paid: 'Paid',
  expired: 'Expired',
  refunded: 'Refunded',
  refund_failed: 'Refund failed',
} as const);
