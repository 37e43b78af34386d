import { describe, expect, it } from 'vitest';
import { detectContentType, matchesContentType } from './file-signature';

const bytes = (...parts: Array<string | number[]>) =>
  new Uint8Array(
    parts.flatMap((part) => (typeof part === 'string' ? [...Buffer.from(part, 'latin1')] : part)),
  );

describe('detectContentType', () => {
  it.each([
    ['image/jpeg', bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF')],
    ['image/png', bytes([0x89], 'PNG\r\n\x1a\n', [0, 0])],
    ['image/webp', bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 ')],
    ['image/heic', bytes([0, 0, 0, 24], 'ftypheic', [0, 0, 0, 0])],
    ['image/heic', bytes([0, 0, 0, 24], 'ftypmif1', [0, 0, 0, 0])],
    ['application/pdf', bytes('%PDF-1.7\n')],
  ])('recognises %s', (type, head) => {
    expect(detectContentType(head)).toBe(type);
  });

  it('recognises nothing else: text, an executable, an MP4, an empty file', () => {
    expect(detectContentType(bytes('hello world'))).toBeNull();
    expect(detectContentType(bytes([0x4d, 0x5a, 0x90, 0]))).toBeNull();
    expect(detectContentType(bytes([0, 0, 0, 24], 'ftypisom'))).toBeNull();
    expect(detectContentType(new Uint8Array())).toBeNull();
  });

  it('refuses a PNG declared as a JPEG', () => {
    expect(matchesContentType(bytes([0x89], 'PNG\r\n\x1a\n'), 'image/jpeg')).toBe(false);
  });
});
