import { describe, expect, it } from 'vitest';
import { findControlCharacterPath, hasControlCharacter } from './control-characters';

describe('control characters', () => {
  it('refuses C0 controls and DEL but keeps tab, line feed and carriage return', () => {
    expect(hasControlCharacter('a\u0000b')).toBe(true);
    expect(hasControlCharacter('bell\u0007')).toBe(true);
    expect(hasControlCharacter('esc\u001B[0m')).toBe(true);
    expect(hasControlCharacter('del\u007F')).toBe(true);
    expect(hasControlCharacter('line one\r\nline two\tend')).toBe(false);
    expect(hasControlCharacter('Zoë – 東京 🚗')).toBe(false);
  });

  it('names the first field that carries one, however deep', () => {
    expect(findControlCharacterPath({ name: 'ok', address: { line1: 'x\u0000' } })).toBe('address.line1');
    expect(findControlCharacterPath({ imageURLs: ['a', 'b\u0001'] })).toBe('imageURLs.1');
    expect(findControlCharacterPath('plain\u0000')).toBe('');
    expect(findControlCharacterPath({ name: 'fine', count: 3, flag: null })).toBeNull();
    expect(findControlCharacterPath(Buffer.from([0, 1, 2]))).toBeNull();
  });

  it('names a key that carries one, printably, after the keys above it', () => {
    expect(findControlCharacterPath({ a: [{ ok: 1 }, { 'b\u0000c': 1 }] })).toBe('a.1.b?c');
  });

  it('walks no deeper than it is told', () => {
    const nested = { a: { b: 'x\u0000' } };
    expect(findControlCharacterPath(nested, 1)).toBe('a.b');
    expect(findControlCharacterPath(nested, 0)).toBeNull();
  });
});
