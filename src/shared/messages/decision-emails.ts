import { localized } from '../i18n/catalogue';

/** The registrant's email about an approval decision (issue 33: customers are told, in their language). */
export const decisionEmailMessages = /* @__PURE__ */ localized('decisionEmailMessages', {
  subjectApproved: 'Your parking permit request was approved',
  subjectApprovedNeedsPayment: 'Your parking permit request was approved: payment required',
  subjectRejected: 'Your parking permit request was not approved',
  bodyApproved:
    'Your request for {product} (permit #{number}) was approved. It is valid from {from} to {to}.',
  bodyApprovedNeedsPayment:
    'Your request for {product} (permit #{number}) was approved. Please pay for it to activate it.',
  bodyApprovedPayBy:
    'Your request for {product} (permit #{number}) was approved. Please pay for it by {date} to activate it.',
  bodyRejected: 'Your request for {product} (permit #{number}) was not approved.',
  adminMessage: 'Message from the administrator: {message}',
} as const);
