import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressPage } from './compress-page';

const page = `<!doctype html><html><body>${'<p>Notice D001002</p>'.repeat(200)}</body></html>`;

describe('compressPage', () => {
  it('sends brotli when accepted, else gzip, else the page as is', () => {
    const br = compressPage(page, 'gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body as Buffer).toString()).toBe(page);
    const gzip = compressPage(page, 'gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body as Buffer).toString()).toBe(page);
    expect(compressPage(page, undefined)).toEqual({ body: page, encoding: null });
    expect(compressPage(page, 'brotli-ish, identity').encoding).toBe(null);
  });

  it('leaves a small page as it is', () => {
    expect(compressPage('<p>hi</p>', 'br')).toEqual({ body: '<p>hi</p>', encoding: null });
  });
});
