import { localized } from '../i18n/catalogue';

/** The emails' own texts outside a feature's messages: the layout, and getting a pass. */
export const emailMessages = /* @__PURE__ */ localized('emailMessages', {
  copyLink: 'If the button does not work, copy this address into your browser: {url}',
  greetingNamed: 'Hello {name},',
  greeting: 'Hello,',
  requestReceived: 'Your request for {product} has application ID {id}.',
  passValidity: '{product} (permit #{number}) is valid from {from} to {to}.',
  passEditLink: 'To change your vehicle details or cancel your permit, open {url}',
  renewalNotCharged:
    'We could not charge the renewal of {product} (permit #{number}). Your card was not charged.',
  renewalValidUntil:
    'The permit stays valid until {date}. Please update your payment method before then to keep it.',
  beginRegistration: 'Open the link below to begin your registration for {product}.',
  linkWorksOnce:
    'The link works once and expires in 24 hours. If you did not ask for it, you can ignore this email.',
  beginRegistrationAction: 'Begin registration',
} as const);
