/**
 * Account input rules (part 1 section 5, part 2 section 5), shared by the forms and the server so
 * both refuse the same things.
 */

/** A standard address: something@domain.tld (a TLD of 2+ letters), no spaces, one @. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
export const MAX_EMAIL_LENGTH = 254;
export const MIN_PASSWORD_LENGTH = 8;
/** Long enough for any pass phrase, short enough that hashing stays cheap. */
export const MAX_PASSWORD_LENGTH = 128;

export function isValidEmail(value: string): boolean {
  return value.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(value);
}

/** Sign-up strips every whitespace character from the address. */
export function stripWhitespace(value: string): string {
  return value.replace(/\s+/g, '');
}

/** Sign-in and forgot-password compare addresses lower-cased. */
export function normaliseEmail(value: string): string {
  return stripWhitespace(value).toLowerCase();
}

export interface PasswordChecks {
  length: boolean;
  uppercase: boolean;
  lowercase: boolean;
  digit: boolean;
  special: boolean;
}

/** Each part of the strength rule, for the rules list beside the password field. */
export function checkPassword(password: string): PasswordChecks {
  return {
    length: password.length >= MIN_PASSWORD_LENGTH && password.length <= MAX_PASSWORD_LENGTH,
    uppercase: /\p{Lu}/u.test(password),
    lowercase: /\p{Ll}/u.test(password),
    digit: /\p{Nd}/u.test(password),
    special: /[^\p{L}\p{Nd}\s]/u.test(password),
  };
}

/** 8+ characters with an uppercase, a lowercase, a digit and a special character (the strict reading). */
export function isStrongPassword(password: string): boolean {
  return Object.values(checkPassword(password)).every(Boolean);
}

/** Sign-up, access and guest codes: whitespace removed, upper-cased. */
export function normaliseCode(value: string): string {
  return stripWhitespace(value).toUpperCase();
}

export const MAX_CODE_LENGTH = 64;
/** What a stored code may look like after normalising. */
export const CODE_PATTERN = /^[A-Z0-9-]{1,64}$/;

export function isValidCode(value: string): boolean {
  return CODE_PATTERN.test(normaliseCode(value));
}
