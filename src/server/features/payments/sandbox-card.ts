import { z } from 'zod';
import type { SavedCard } from '../../adapters/payments/port';
import { SANDBOX_RENEWAL_DECLINED_CARD } from '../../adapters/payments/sandbox-subscriptions';

/** Stripe's documented test numbers: one that pays, one that is declined. */
export const SANDBOX_DECLINED_CARD = '4000000000000002';

/**
 * The cards the sandbox takes: Stripe's documented test numbers (docs.stripe.com/testing), each
 * with its brand, and those that Stripe declines. Any other number, even a real one that passes
 * the Luhn check, is refused: nobody should type a real card into a test page, and if they do,
 * it is neither stored nor shown back.
 */
export const SANDBOX_TEST_CARDS: Readonly<Record<string, string>> = {
  '4242424242424242': 'visa',
  '4000056655665556': 'visa',
  // Pays a subscription's first invoice; the sandbox then declines its renewals.
  [SANDBOX_RENEWAL_DECLINED_CARD]: 'visa',
  '5555555555554444': 'mastercard',
  '2223003122003222': 'mastercard',
  '5200828282828210': 'mastercard',
  '5105105105105100': 'mastercard',
  '378282246310005': 'amex',
  '371449635398431': 'amex',
  '6011111111111117': 'discover',
  '6011000990139424': 'discover',
  '3056930009020004': 'diners',
  '36227206271667': 'diners',
  '3566002020360505': 'jcb',
  '6200000000000005': 'unionpay',
};
const DECLINED_TEST_CARDS = new Set([
  SANDBOX_DECLINED_CARD,
  '4000000000009995', // insufficient funds
  '4000000000009987', // lost card
  '4000000000009979', // stolen card
  '4000000000000069', // expired card
  '4000000000000127', // incorrect CVC
]);

/**
 * The card form as posted. Each field is only a string here: whether it makes a card is
 * readSandboxCard's question, answered on the form itself. A post with no body is an empty form.
 */
export const sandboxCardFormSchema = z
  .object({
    cardNumber: z.string().optional(),
    expiry: z.string().optional(),
    cvc: z.string().optional(),
  })
  .default({});
export type SandboxCardFields = z.infer<typeof sandboxCardFormSchema>;

/** Why a card is refused: not a card at all, a declined test card, or no test card. */
export type CardRefusal = 'invalid' | 'declined' | 'not-a-test-card';

export type SandboxCardResult = { ok: true; card: SavedCard } | { ok: false; reason: CardRefusal };

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

/**
 * Reads the sandbox checkout's card form the way a card network would: a Luhn-valid number, an
 * expiry month not yet past (in UTC, at `now`) and a 3-4 digit CVC; then only a documented test
 * card is taken. Stripe's decline test numbers are declined, so the failure path can be tried too.
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
  if (DECLINED_TEST_CARDS.has(digits)) return { ok: false, reason: 'declined' };
  const brand = SANDBOX_TEST_CARDS[digits];
  if (!brand) return { ok: false, reason: 'not-a-test-card' };
  return { ok: true, card: { brand, last4: digits.slice(-4), expMonth, expYear } };
}
