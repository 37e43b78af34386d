import type { SavedCard } from '../../adapters/payments/port';

/** Stripe's documented test numbers: one that pays, one that is declined. */
export const SANDBOX_DECLINED_CARD = '4000000000000002';

export interface SandboxCardFields {
  cardNumber?: string;
  expiry?: string;
  cvc?: string;
}

export type SandboxCardResult = { ok: true; card: SavedCard } | { ok: false; reason: 'invalid' | 'declined' };

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function brandOf(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'unknown';
}

/**
 * Reads the sandbox checkout's card form the way a card network would: a Luhn-valid number, an
 * expiry month not yet past (in UTC, at `now`) and a 3-4 digit CVC. Stripe's decline test number
 * is declined, so the failure path can be tried too.
 */
export function readSandboxCard(fields: SandboxCardFields, now: Date): SandboxCardResult {
  const digits = (fields.cardNumber ?? '').replace(/[\s-]/g, '');
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(fields.expiry ?? '');
  const cvc = (fields.cvc ?? '').trim();
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits) || !expiry || !/^\d{3,4}$/.test(cvc)) {
    return { ok: false, reason: 'invalid' };
  }
  const expMonth = Number(expiry[1]);
  const expYear = expiry[2]!.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  const isPast =
    expYear < now.getUTCFullYear() || (expYear === now.getUTCFullYear() && expMonth < now.getUTCMonth() + 1);
  if (expMonth < 1 || expMonth > 12 || isPast || expYear > 2100) return { ok: false, reason: 'invalid' };
  if (digits === SANDBOX_DECLINED_CARD) return { ok: false, reason: 'declined' };
  return { ok: true, card: { brand: brandOf(digits), last4: digits.slice(-4), expMonth, expYear } };
}
