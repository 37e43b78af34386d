import { describe, expect, it } from 'vitest';
import { readSandboxCard } from './sandbox-card';

const now = new Date('2026-11-20T15:00:00Z');

describe('readSandboxCard', () => {
  it('accepts the Visa test number with spaces and reads brand, last4 and expiry', () => {
    expect(readSandboxCard({ cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }, now)).toEqual({
      ok: true,
      card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
    });
  });

  it('reads a Mastercard and a four-digit year', () => {
    const result = readSandboxCard({ cardNumber: '5555555555554444', expiry: '1/2031', cvc: '9999' }, now);
    expect(result).toEqual({
      ok: true,
      card: { brand: 'mastercard', last4: '4444', expMonth: 1, expYear: 2031 },
    });
  });

  it('declines the decline test number', () => {
    expect(readSandboxCard({ cardNumber: '4000 0000 0000 0002', expiry: '12/30', cvc: '123' }, now)).toEqual({
      ok: false,
      reason: 'declined',
    });
  });

  it.each([
    ['a number failing the Luhn check', { cardNumber: '4242424242424241', expiry: '12/30', cvc: '123' }],
    ['letters in the number', { cardNumber: '4242abcd42424242', expiry: '12/30', cvc: '123' }],
    ['an expiry month already past', { cardNumber: '4242424242424242', expiry: '10/26', cvc: '123' }],
    ['month 13', { cardNumber: '4242424242424242', expiry: '13/30', cvc: '123' }],
    ['a two-digit CVC', { cardNumber: '4242424242424242', expiry: '12/30', cvc: '12' }],
    ['nothing at all', {}],
  ])('refuses %s', (_label, fields) => {
    expect(readSandboxCard(fields, now)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('takes only documented test cards, and says so for any other valid number', () => {
    const fields = { expiry: '12/30', cvc: '123' };
    expect(readSandboxCard({ ...fields, cardNumber: '378282246310005' }, now)).toMatchObject({
      ok: true,
      card: { brand: 'amex', last4: '0005' },
    });
    // Luhn-valid, but not a test card: a real card must never be taken by a test page.
    expect(readSandboxCard({ ...fields, cardNumber: '4111111111111111' }, now)).toEqual({
      ok: false,
      reason: 'not-a-test-card',
    });
    expect(readSandboxCard({ ...fields, cardNumber: '4000000000009995' }, now)).toEqual({
      ok: false,
      reason: 'declined',
    });
  });

  it('accepts a card expiring this very month', () => {
    expect(readSandboxCard({ cardNumber: '4242424242424242', expiry: '11/26', cvc: '123' }, now).ok).toBe(
      true,
    );
  });
});
