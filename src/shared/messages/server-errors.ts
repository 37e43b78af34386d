import { localized } from '../i18n/catalogue';

/** The answers of the server's own failures, in the caller's language. */
export const serverErrorMessages = /* @__PURE__ */ localized('serverErrorMessages', {
  internal: 'Something went wrong on our side. Please try again later.',
  unavailable: 'The service is briefly unavailable. Please try again in a few seconds.',
} as const);
