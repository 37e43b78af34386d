import { describe, expect, it } from 'vitest';
import { plateMessages } from '../messages/plates';
import {
  canonicalPlate,
  canonicalPlateFieldSchema,
  isWellFormedPlate,
  MAX_PLATE_LENGTH,
  plateFieldSchema,
} from './plates';

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

describe('isWellFormedPlate', () => {
  it('takes letters and digits of any script, with the separators people type', () => {
    for (const plate of ['ABC123', 'ab c-12 3', 'AB.C·123', 'мк 123', 'ＡＢＣ１２３', 'ก ข 1234', '7']) {
      expect(isWellFormedPlate(plate), plate).toBe(true);
    }
  });

  it('refuses punctuation, emoji, markup, control characters and separators alone', () => {
    for (const plate of ['!!!', '😀😀', '<b>AB</b>', 'AB_12', "AB'12", 'AB\n12', 'AB\t12', ' - ', '']) {
      expect(isWellFormedPlate(plate), plate).toBe(false);
    }
  });
});

describe('plateFieldSchema', () => {
  const required = plateFieldSchema({ required: 'Please add your vehicle info.' });

  it('keeps the plate as typed, trimmed and upper-cased', () => {
    expect(required.parse(' ab c-12 3 ')).toBe('AB C-12 3');
  });

  it('answers the plate message for what is not a plate', () => {
    for (const bad of ['!!!', '😀😀', '<script>']) {
      const result = required.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toContain(plateMessages.plateInvalid);
    }
  });

  it('answers the required message for an empty plate, and lets an optional one through', () => {
    expect(required.safeParse('  ').error?.issues[0]?.message).toBe('Please add your vehicle info.');
    expect(plateFieldSchema().parse('')).toBe('');
  });

  it('refuses a plate longer than the database keeps', () => {
    expect(required.safeParse('A'.repeat(MAX_PLATE_LENGTH + 1)).success).toBe(false);
    expect(required.safeParse('A'.repeat(MAX_PLATE_LENGTH)).success).toBe(true);
  });

  it('gives the canonical plate for a lookup', () => {
    expect(canonicalPlateFieldSchema().parse('ab c-12 3')).toBe('ABC123');
  });
});
