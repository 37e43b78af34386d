import { z } from 'zod';

/**
 * Every error code the API answers, once. The server may only throw these (AppError is typed by
 * this list) and the web compares against `errorCodes.*`, never against a string of its own.
 * Adding a code here is the one step that makes it known to both ends.
 */
export const ERROR_CODES = [
  // Generic answers.
  'bad_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'too_many_requests',
  'payload_too_large',
  'unsupported_media_type',
  'internal_error',
  // Idempotency-Key (decision 176).
  'idempotency_key_reused',
  'idempotency_key_in_use',
  'service_unavailable',
  // Accounts.
  'invalid_credentials',
  'code_required',
  'invalid_code',
  'code_used',
  'invalid_reset_link',
  'invalid_verification_link',
  'invalid_confirmation_link',
  // Appeals.
  'appeal_not_found',
  'appeal_exists',
  'appeal_not_allowed',
  'appeal_window_expired',
  // Payments.
  'not_payable',
  'payment_provider_error',
  'portal_expired',
  'subscription_not_started',
  // Passes (part 2).
  'sold_out',
  'rule_closed',
  'quota_reached',
  'max_permits_reached',
  'invalid_access_code',
  'invalid_guest_code',
  'residency_rule',
  'verification_required',
  'pass_validation',
  'max_vehicles',
  'max_active_vehicles',
  'pass_not_changeable',
  'invitation_invalid',
  'invitation_accepted',
  // Waitlists (issue 31).
  'no_waitlist',
  'not_sold_out',
  'offer_unavailable',
  'not_waiting',
  // Extending a short pass (issue 31, decision 236).
  'not_extendable',
  // Uploads and storage.
  'bad_file_name',
  'content_mismatch',
  'content_type_mismatch',
  'file_empty',
  'file_too_large',
  'foreign_upload',
  'upload_in_use',
  'upload_missing',
  'upload_url_expired',
  'upload_url_invalid',
  'upload_url_used',
  'too_many_uploads',
  'unsupported_type',
] as const;
export type ServerErrorCode = (typeof ERROR_CODES)[number];

/** Failures the web client meets without an answer from the server. */
export const CLIENT_ERROR_CODES = ['network_error', 'http_error', 'upload_failed'] as const;
export type ErrorCode = ServerErrorCode | (typeof CLIENT_ERROR_CODES)[number];

/** `errorCodes.appeal_not_found` is the code 'appeal_not_found', checked by the compiler. */
export const errorCodes = Object.fromEntries(
  [...ERROR_CODES, ...CLIENT_ERROR_CODES].map((code) => [code, code]),
) as { readonly [Code in ErrorCode]: Code };

/** Every error the API answers has this shape. */
export const errorResponseSchema = z.object({
  code: z.enum(ERROR_CODES),
  /** A sentence for the person, in their language (issue 33). */
  message: z.string(),
  /** For a refused input: the field's path (`endDate`, `scans.2.plate`), for clients. */
  field: z.string().optional(),
});
