/** Payment strings: checkout descriptions and the sandbox provider's pages. */
export const paymentMessages = {
  /** Line item on the provider's checkout page, e.g. 'Parking notice D001002'. */
  citationLineItem: 'Parking notice',
  /** The fee lines, on the notice page and as checkout line items (part 1 section 9). */
  processingFeeLineItem: 'Card processing fee',
  serviceFeeLineItem: 'Platform service fee',
  processingFeeInfo:
    'Charged by the card payment provider to process your card payment. The parking operator does not keep it.',
  serviceFeeInfo:
    'Supports the platform that runs this portal, its online payments and the parking enforcement tools.',
  feeBreakdownTitle: 'Payment summary',
  breakdownAmountDue: 'Amount due',
  breakdownTotal: 'Total to pay',
  confirmingPayment: 'Confirming your payment… This page updates by itself.',
  paymentCancelled: 'Payment cancelled. Your card was not charged.',
  viewReceipt: 'View receipt',
  sandboxBadge: 'TEST MODE',
  sandboxCheckoutTitle: 'Sandbox checkout',
  sandboxCheckoutNotice:
    'This is the built-in test checkout. No card is charged and no money moves. Use the card number 4242 4242 4242 4242 to pay, or 4000 0000 0000 0002 to see a decline.',
  sandboxPayingTo: 'Paying',
  sandboxAmount: 'Amount',
  sandboxCardNumber: 'Card number',
  sandboxExpiry: 'Expiry (MM/YY)',
  sandboxCvc: 'CVC',
  sandboxNameOnCard: 'Name on card',
  sandboxPay: 'Pay',
  sandboxCancel: 'Cancel and go back',
  sandboxDeclined: 'Your card was declined. Try the test card 4242 4242 4242 4242.',
  sandboxTestCardsOnly:
    'This sandbox takes only test cards, such as 4242 4242 4242 4242. Never enter a real card here.',
  sandboxInvalidCard: 'Enter a valid card number, an expiry date in the future and a 3 or 4 digit CVC.',
  sandboxSessionClosed: 'This checkout can no longer be paid.',
  sandboxSessionPaid: 'This checkout has already been paid.',
  sandboxBackToPortal: 'Return to the portal',
  sandboxPortalTitle: 'Sandbox customer portal',
  sandboxPortalNotice: 'This is the built-in test customer portal. Cards saved here are test cards only.',
  sandboxPortalExpired: 'This link has expired. Open the customer portal again from your account.',
  sandboxSavedCards: 'Saved cards',
  sandboxAddCard: 'Add test card',
  sandboxRemoveCard: 'Remove',
  sandboxCardExpires: 'expires',
  sandboxReceiptTitle: 'Payment receipt',
  sandboxReceiptNotice: 'Receipt of a sandbox test payment. No card was charged.',
  sandboxReceiptTotal: 'Total paid',
  sandboxReceiptPaidOn: 'Paid on',
  sandboxReceiptRefundedOn: 'Refunded on',
  sandboxReceiptPaymentId: 'Payment ID',
} as const;

/** The printable notice (part 2 section 2, /citations/{uuid}/ticketview). */
export const ticketviewMessages = {
  title: 'Parking notice',
  citationNumber: 'Notice #',
  issued: 'Issued',
  plate: 'Plate',
  stateProv: 'State / Province',
  make: 'Make',
  color: 'Color',
  location: 'Location',
  comments: 'Comments',
  amount: 'Amount',
  qrAlt: 'QR code linking to this notice online',
  scanToPay: 'Scan to view and pay this notice online',
  print: 'Print',
  loading: 'Loading notice',
} as const;
