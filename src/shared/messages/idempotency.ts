import { localized } from '../i18n/catalogue';
/** What the API says about an Idempotency-Key it cannot honour (decision 176). */
export const idempotencyMessages = /* @__PURE__ */ localized('idempotencyMessages', {
  keyInvalid: 'The Idempotency-Key header must be 1 to 255 visible characters.',
  keyReused:
    'This Idempotency-Key was already used for a different request. Send a new key for a new request.',
  keyInUse:
    'A request with this Idempotency-Key is still being processed. Wait a moment and retry with the same key.',
} as const);
