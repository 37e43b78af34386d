import type { UploadContentType } from '../../../shared/contract/uploads';

const ascii = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, start + length));

/** ISO base media brands that mean HEIC/HEIF still images. */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

/**
 * The content type a file's first bytes prove, or null. We trust the bytes, not the name or the
 * declared type: a renamed executable must not become a "photo".
 */
export function detectContentType(head: Uint8Array): UploadContentType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.length >= 8 && ascii(head, 0, 8) === '\x89PNG\r\n\x1a\n') return 'image/png';
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 4) === 'WEBP') return 'image/webp';
  if (head.length >= 12 && ascii(head, 4, 4) === 'ftyp' && HEIF_BRANDS.has(ascii(head, 8, 4))) {
    return 'image/heic';
  }
  if (head.length >= 5 && ascii(head, 0, 5) === '%PDF-') return 'application/pdf';
  return null;
}

export function matchesContentType(head: Uint8Array, contentType: string): boolean {
  return detectContentType(head) === contentType;
}
