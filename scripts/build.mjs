#!/usr/bin/env node
// Builds the web app (Vite, into dist/web) and the server (esbuild, into dist/server/main.js).
import { mkdirSync, renameSync } from 'node:fs';
import path from 'node:path';
import { build as buildServer } from 'esbuild';
import { build as buildWeb } from 'vite';
import { generateSW } from 'workbox-build';
import { buildOcrAssets } from './ocr-assets.mjs';
import { moveSourceMaps, precompressAssets } from './web-assets.mjs';

export const WEB_DIR = 'dist/web';
/** The web app's source maps, for reading error reports; outside the served folder (decision 071). */
export const WEB_SOURCE_MAPS_DIR = 'dist/sourcemaps/web';
/** The server renderer of the public pages and the client build's manifest (decision 158). */
export const SSR_DIR = 'dist/ssr';
const VITE_MANIFEST = '.vite/manifest.json';

export async function buildAll() {
  // Always the production bundle, even when called from a test run where NODE_ENV=test would
  // otherwise select React's development build (slower and 40 % larger).
  const callerNodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await buildWeb({ configFile: 'vite.config.ts', logLevel: 'warn', mode: 'production' });
    await buildWeb({
      configFile: 'vite.config.ts',
      logLevel: 'warn',
      mode: 'production',
      build: { ssr: 'entry-server.tsx', outDir: path.resolve(SSR_DIR), emptyOutDir: true, sourcemap: true },
    });
  } finally {
    if (callerNodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = callerNodeEnv;
  }
  // The manifest names every chunk: the server reads it, the browser has no use for it.
  mkdirSync(SSR_DIR, { recursive: true });
  renameSync(path.join(WEB_DIR, VITE_MANIFEST), path.join(SSR_DIR, 'client-manifest.json'));
  moveSourceMaps(WEB_DIR, WEB_SOURCE_MAPS_DIR);
  await buildPatrolWorker();
  precompressAssets(WEB_DIR);
  // After the precompression: the plate reader's files get their own gzip copies, and no brotli.
  await buildOcrAssets(WEB_DIR);
  await buildServer({
    entryPoints: ['src/server/main.ts', 'src/server/db/fixtures/cli.ts'],
    outdir: 'dist/server',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
}

/**
 * The patrol app's service worker (issue 29, decision 195), made by Workbox from the built files:
 * the app's code and styles precached, and the /patrol page kept from its last visit online, so the
 * app opens with no network. Registered by /patrol alone, with scope /patrol: no other page of the
 * portal is controlled by it. The Workbox runtime is inlined (no importScripts under the CSP).
 */
async function buildPatrolWorker() {
  await generateSW({
    globDirectory: WEB_DIR,
    globPatterns: ['assets/**/*.{js,css,woff2,svg,png,webp}', 'favicon.svg'],
    swDest: path.join(WEB_DIR, PATROL_WORKER),
    inlineWorkboxRuntime: true,
    sourcemap: false,
    mode: 'production',
    maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
    // File names under assets/ carry their content hash.
    dontCacheBustURLsMatching: /^assets\//,
    clientsClaim: true,
    skipWaiting: true,
    cleanupOutdatedCaches: true,
    runtimeCaching: [
      {
        urlPattern: ({ url }) => url.pathname === '/patrol',
        handler: 'NetworkFirst',
        options: { cacheName: 'patrol-page', networkTimeoutSeconds: 4, expiration: { maxEntries: 2 } },
      },
      // The plate reader's worker, core and trained data (decision 220), fetched the first time
      // the officer reads a plate and kept for reading offline: their names carry their versions.
      {
        urlPattern: ({ url }) => url.pathname.startsWith('/patrol/ocr/'),
        handler: 'CacheFirst',
        options: { cacheName: 'patrol-ocr', expiration: { maxEntries: 12 } },
      },
    ],
  });
}

export const PATROL_WORKER = 'patrol-sw.js';

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildAll();
  console.log('Built dist/web and dist/server.');
}
