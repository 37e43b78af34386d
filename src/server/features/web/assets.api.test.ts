import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOcrAssets, OCR_CORE_FILES, ocrAssetsPath } from '../../../../scripts/ocr-assets.mjs';
import { precompressAssets } from '../../../../scripts/web-assets.mjs';
import { buildTenant } from '../../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';

/**
 * How the built web app is delivered (decision 071): precompressed copies chosen by
 * Accept-Encoding, hashed assets cached for good, index.html never cached, no source map served.
 * The app serves a small web build made here with the build's own precompression step.
 */
const SCRIPT = `export const notices = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `notice ${i}`))};\n`;
const SCRIPT_URL = '/assets/index-Ab12Cd34.js';
const INDEX_HTML = `<!doctype html><html><head><title>VPC Payment Portal</title><!--brand-head-->
<script type="module" crossorigin src="${SCRIPT_URL}"></script></head>
<body><div id="root"><!--brand-header--></div></body></html>`;

let webDir = '';
let t: TestApp;

beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(webDir, SCRIPT_URL), SCRIPT);
  writeFileSync(
    path.join(webDir, 'favicon.svg'),
    `<svg xmlns="http://www.w3.org/2000/svg">${' '.repeat(2000)}</svg>`,
  );
  precompressAssets(webDir);
  await buildOcrAssets(webDir);
  // As if a build had left a map in the served folder: it must not be served all the same.
  writeFileSync(path.join(webDir, `${SCRIPT_URL}.map`), '{"version":3,"sources":["secret.ts"]}');
  t = await createTestApp({
    webDistDir: webDir,
    env: {
      NODE_ENV: 'production',
      ALLOW_SANDBOX_PAYMENTS: 'true',
      ALLOW_DEV_OUTBOX: 'true',
      ALLOW_LOCAL_STORAGE: 'true',
    },
  });
  await t.seed({ tenants: [buildTenant({ subdomain: 'assets', brandTitle: 'Assets Lot' })] });
});

afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

const getAsset = (url: string, acceptEncoding?: string) =>
  t.request('assets', {
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe("the patrol app's plate reader (decision 220)", () => {
  const folder = `/${ocrAssetsPath()}`;

  it('serves its worker, cores and English data from the portal, gzipped, kept for a year', async () => {
    for (const file of ['worker.min.js', ...OCR_CORE_FILES, 'lang/eng.traineddata']) {
      const response = await getAsset(`${folder}/${file}`, 'gzip, br');
      expect(response.statusCode, file).toBe(200);
      expect(response.headers['content-encoding'], file).toBe('gzip');
      expect(response.headers['cache-control'], file).toBe('public, max-age=31536000, immutable');
    }
    const worker = gunzipSync(Buffer.from((await getAsset(`${folder}/worker.min.js`, 'gzip')).rawPayload));
    // A classic worker script, which loads its core with importScripts.
    expect(worker.toString()).toContain('importScripts');
    // The cores' WebAssembly as such, so the browser compiles it while it downloads (decision 234).
    const wasm = await getAsset(`${folder}/${OCR_CORE_FILES.find((file) => file.endsWith('.wasm'))}`, 'gzip');
    expect(wasm.headers['content-type']).toBe('application/wasm');
  });

  it('lets its files compile WebAssembly, and no page', async () => {
    const worker = await getAsset(`${folder}/worker.min.js`);
    expect(worker.headers['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval'");
    const page = await getAsset('/patrol');
    expect(page.headers['content-security-policy']).toContain('script-src');
    expect(page.headers['content-security-policy']).not.toContain('wasm-unsafe-eval');
    const asset = await getAsset(SCRIPT_URL);
    expect(asset.headers['content-security-policy']).not.toContain('wasm-unsafe-eval');
  });
});

describe('built assets', () => {
  it('sends the brotli copy to a browser that accepts it, varying on Accept-Encoding', async () => {
    const response = await getAsset(SCRIPT_URL, 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy when brotli is not accepted', async () => {
    const response = await getAsset(SCRIPT_URL, 'gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the file itself to a client that accepts no compression', async () => {
    const response = await getAsset(SCRIPT_URL);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.body).toBe(SCRIPT);
  });

  it('caches hashed assets for a year as immutable, in every encoding', async () => {
    for (const encoding of ['br', 'gzip', undefined]) {
      const response = await getAsset(SCRIPT_URL, encoding);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('has files outside assets/ (favicon) checked again after an hour', async () => {
    const response = await getAsset('/favicon.svg', 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('gives the compressed copies no address of their own', async () => {
    for (const url of [`${SCRIPT_URL}.br`, `${SCRIPT_URL}.gz`]) {
      const response = await getAsset(url, 'br');
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('not_found');
    }
  });

  it('serves no source map in production, even one left in the served folder', async () => {
    expect(t.config.NODE_ENV).toBe('production');
    const response = await getAsset(`${SCRIPT_URL}.map`, 'br');
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('secret.ts');
  });
});

describe('index.html', () => {
  it('is rendered for the tenant and never cached, so a release reaches the next visit', async () => {
    for (const url of ['/', '/citations?plate=ABC1234', '/index.html']) {
      const response = await getAsset(url, 'br, gzip');
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      // Rendered per request, so compressed per request (decision 158), for the encoding accepted.
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      const html = brotliDecompressSync(response.rawPayload).toString();
      expect(html).toContain('<title>Assets Lot Portal</title>');
      expect(html).toContain(SCRIPT_URL);
    }
  });

  it('is sent as is to a client that accepts no compression', async () => {
    const response = await getAsset('/');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toContain('<title>Assets Lot Portal</title>');
  });
});
