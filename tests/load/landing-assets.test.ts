import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { measureLandingAssets, parseLandingAssets, summariseLandingAssets } from './landing-assets';

const viteIndex = `<!doctype html>
<html lang="en">
  <head>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <!--brand-head-->
    <!-- <script src="/assets/commented-out.js"></script> -->
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-def.js">
    <link rel='stylesheet' crossorigin href='/assets/index-123.css'>
    <link rel="stylesheet" href="https://fonts.example.com/font.css">
    <script type="module" src="/assets/index-abc.js"></script>
    <script>window.inline = true;</script>
  </head>
  <body><div id="root"></div></body>
</html>`;

describe('parseLandingAssets', () => {
  it('lists the scripts, module preloads and stylesheets a page loads, each once, in page order', () => {
    expect(parseLandingAssets(viteIndex)).toEqual([
      { kind: 'js', url: '/assets/index-abc.js' },
      { kind: 'js', url: '/assets/vendor-def.js' },
      { kind: 'css', url: '/assets/index-123.css' },
    ]);
  });

  it('finds nothing in a page without assets', () => {
    expect(parseLandingAssets('<html><head><title>x</title></head></html>')).toEqual([]);
  });
});

describe('measureLandingAssets', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reports raw, gzipped and brotli sizes of the files in the web folder', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'bench-assets-'));
    mkdirSync(path.join(dir, 'assets'));
    const script = 'console.log("hello");\n'.repeat(200);
    writeFileSync(path.join(dir, 'assets', 'app.js'), script);
    writeFileSync(path.join(dir, 'index.html'), '<script type="module" src="/assets/app.js"></script>');
    expect(measureLandingAssets(dir)).toEqual([
      {
        kind: 'js',
        url: '/assets/app.js',
        bytes: Buffer.byteLength(script),
        gzipBytes: gzipSync(script).length,
        brotliBytes: brotliCompressSync(script, {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
        }).length,
      },
    ]);
  });
});

describe('summariseLandingAssets', () => {
  it('adds up JavaScript, CSS and both', () => {
    const summary = summariseLandingAssets([
      { kind: 'js', url: '/a.js', bytes: 100, gzipBytes: 40, brotliBytes: 30 },
      { kind: 'js', url: '/b.js', bytes: 50, gzipBytes: 20, brotliBytes: 15 },
      { kind: 'css', url: '/c.css', bytes: 10, gzipBytes: 5, brotliBytes: 4 },
    ]);
    expect(summary).toEqual({
      js: { bytes: 150, gzipBytes: 60, brotliBytes: 45 },
      css: { bytes: 10, gzipBytes: 5, brotliBytes: 4 },
      total: { bytes: 160, gzipBytes: 65, brotliBytes: 49 },
    });
  });
});
