import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkPassword,
  isStrongPassword,
  isValidCode,
  isValidEmail,
  normaliseCode,
  normaliseEmail,
  stripWhitespace,
} from './account-validation';

describe('email rule', () => {
  it.each(['dana@example.com', 'Dana.Resident+park@sub.example.co', 'a@b.io'])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });
  it.each([
    '',
    'dana',
    'dana@',
    '@example.com',
    'dana@example',
    'da na@example.com',
    'a@b@c.com',
    `${'a'.repeat(250)}@example.com`,
  ])('refuses %j', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });
  it('strips whitespace on sign-up and lower-cases on sign-in', () => {
    expect(stripWhitespace(' dana @Example.com\t')).toBe('dana@Example.com');
    expect(normaliseEmail(' Dana@Example.COM ')).toBe('dana@example.com');
  });
});

describe('password strength rule', () => {
  it('needs 8 characters, an uppercase, a lowercase, a digit and a special character', () => {
    expect(isStrongPassword('Parking#2026')).toBe(true);
    expect(checkPassword('parking#2026')).toMatchObject({ uppercase: false, lowercase: true });
    expect(checkPassword('PARKING#2026')).toMatchObject({ lowercase: false });
    expect(checkPassword('Parking#abc')).toMatchObject({ digit: false });
    expect(checkPassword('Parking2026')).toMatchObject({ special: false });
    expect(checkPassword('Pa#1a')).toMatchObject({ length: false });
    expect(isStrongPassword(`Aa#1${'x'.repeat(125)}`)).toBe(false);
  });

  it('refuses every password that lacks a class, whatever else it has', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (password) => {
        const checks = checkPassword(password);
        expect(isStrongPassword(password)).toBe(Object.values(checks).every(Boolean));
        if (!/\d/.test(password)) expect(isStrongPassword(password)).toBe(false);
      }),
    );
  });
});

describe('codes', () => {
  it('are upper-cased with whitespace removed', () => {
    expect(normaliseCode(' welcome 1 ')).toBe('WELCOME1');
    expect(normaliseCode('oak-1001')).toBe('OAK-1001');
  });
  it('are letters, digits and hyphens', () => {
    expect(isValidCode('oak-1001')).toBe(true);
    expect(isValidCode('')).toBe(false);
    expect(isValidCode('<script>')).toBe(false);
    expect(isValidCode('A'.repeat(65))).toBe(false);
  });
});
