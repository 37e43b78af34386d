import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { measureLandingAssets, parseLandingAssets } from './landing-assets';

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

  it('reports raw and gzipped sizes of the files in the web folder', () => {
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
      },
    ]);
  });
});
