import { describe, expect, it } from 'vitest';
import { maskEmail, maskName, maskPhone, maskText } from './mask-personal-data';

describe('masking personal fields', () => {
  it('keeps only initials, the email shape, the last two digits, and nothing of free text', () => {
    expect(maskName('  Jordan  Appellant ')).toBe('J*** A***');
    expect(maskEmail('jordan@example.com')).toBe('j***@e***.com');
    expect(maskEmail('not-an-email')).toBe('***');
    expect(maskPhone('(555) 010-1234')).toBe('***34');
    expect(maskText('12 Elm Street')).toBe('***');
    expect(maskText('')).toBe('');
  });
});
