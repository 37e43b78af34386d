import { describe, expect, it } from 'vitest';
import { canonicalPlate } from './plates';

describe('canonicalPlate', () => {
  it('makes the forms people type of one plate meet', () => {
    for (const typed of ['ab c-12 3', 'ABC-123', 'AB C123', 'abc.123', ' ABC123 ', 'ＡＢＣ１２３']) {
      expect(canonicalPlate(typed)).toBe('ABC123');
    }
  });

  it('keeps letters of other scripts', () => {
    expect(canonicalPlate('мк 123')).toBe('МК123');
  });

  it('answers an empty string for nothing', () => {
    expect(canonicalPlate(null)).toBe('');
    expect(canonicalPlate(undefined)).toBe('');
    expect(canonicalPlate(' - ')).toBe('');
  });
});
