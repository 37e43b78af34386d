import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { moveSourceMaps, precompressAssets } from './web-assets.mjs';

let root = '';
let webDir = '';
const write = (relative: string, content: string | Buffer) => {
  const file = path.join(webDir, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  return file;
};
const largeText = (seed: string) => `${seed}\n`.repeat(400);

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'web-assets-'));
  webDir = path.join(root, 'web');
  mkdirSync(webDir);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('precompressAssets', () => {
  it('writes a brotli and a gzip copy of each text asset that decompress to the original', () => {
    const script = largeText('export const a = 1;');
    const style = largeText('.a { color: red; }');
    write('assets/index-abc.js', script);
    write('assets/index-abc.css', style);
    write('demo/photo.svg', largeText('<rect width="1" height="1"/>'));
    precompressAssets(webDir);
    for (const [file, original] of [
      ['assets/index-abc.js', script],
      ['assets/index-abc.css', style],
    ] as const) {
      const brotli = readFileSync(path.join(webDir, `${file}.br`));
      const gzip = readFileSync(path.join(webDir, `${file}.gz`));
      expect(brotliDecompressSync(brotli).toString()).toBe(original);
      expect(gunzipSync(gzip).toString()).toBe(original);
      expect(brotli.length).toBeLessThan(original.length);
    }
    expect(existsSync(path.join(webDir, 'demo/photo.svg.br'))).toBe(true);
  });

  it('leaves index.html (rendered per tenant), small files and binary images alone', () => {
    write('index.html', largeText('<p>template</p>'));
    write('assets/tiny.js', 'export {};');
    write('assets/photo.png', Buffer.alloc(4096, 1));
    expect(precompressAssets(webDir)).toEqual([]);
    for (const file of ['index.html', 'assets/tiny.js', 'assets/photo.png']) {
      expect(existsSync(path.join(webDir, `${file}.br`))).toBe(false);
      expect(existsSync(path.join(webDir, `${file}.gz`))).toBe(false);
    }
  });
});

describe('moveSourceMaps', () => {
  it('moves every map out of the served folder, keeping its path, and nothing else', () => {
    write('assets/index-abc.js', 'code');
    write('assets/index-abc.js.map', '{"version":3}');
    write('assets/nested/page-def.js.map', '{"version":3}');
    const mapsDir = path.join(root, 'sourcemaps');
    expect(moveSourceMaps(webDir, mapsDir)).toBe(2);
    expect(existsSync(path.join(webDir, 'assets/index-abc.js.map'))).toBe(false);
    expect(existsSync(path.join(webDir, 'assets/nested/page-def.js.map'))).toBe(false);
    expect(existsSync(path.join(webDir, 'assets/index-abc.js'))).toBe(true);
    expect(readFileSync(path.join(mapsDir, 'assets/index-abc.js.map'), 'utf8')).toBe('{"version":3}');
    expect(existsSync(path.join(mapsDir, 'assets/nested/page-def.js.map'))).toBe(true);
  });
});
