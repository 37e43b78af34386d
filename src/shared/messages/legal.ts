import { localized } from '../i18n/catalogue';
/** Footer pages. The spec shows only that the links exist; this is the copy an operator would expect. */
export const legalMessages = /* @__PURE__ */ localized('legalMessages', {
  platformOperator: 'the parking operator',
  contact: 'Questions? Write to {email}.',
  privacy: {
    title: 'Privacy',
    paragraphs: [
      'This portal is operated on behalf of {operator}. We use the details you give us (license plate, notice number, name, email address, phone number, address and any photos you upload) only to look up, pay and review parking notices and to issue and manage parking passes.',
      'Card payments are handled by our payment provider on its own secure pages; this portal never sees or stores your full card number.',
      'We keep records for as long as {operator} needs them to run its parking programme and to meet its legal obligations. You may ask {operator} for a copy of your data or for its correction.',
    ],
  },
  terms: {
    title: 'Terms of use',
    paragraphs: [
      'This portal lets you look up, pay and appeal parking notices issued by {operator}, and register parking passes where {operator} offers them.',
      'Payments are final once confirmed, except where an appeal is approved or {operator} decides otherwise. Appeals are reviewed by {operator}, whose decision is sent to the email address you give.',
      'Use the portal only for vehicles and notices that are yours or that you are authorised to act for.',
    ],
  },
} as const);
