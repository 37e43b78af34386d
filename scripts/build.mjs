#!/usr/bin/env node
// Builds the web app (Vite, into dist/web) and the server (esbuild, into dist/server/main.js).
import { build as buildServer } from 'esbuild';
import { build as buildWeb } from 'vite';
import { moveSourceMaps, precompressAssets } from './web-assets.mjs';

export const WEB_DIR = 'dist/web';
/** The web app's source maps, for reading error reports; outside the served folder (decision 071). */
export const WEB_SOURCE_MAPS_DIR = 'dist/sourcemaps/web';

export async function buildAll() {
  // Always the production bundle, even when called from a test run where NODE_ENV=test would
  // otherwise select React's development build (slower and 40 % larger).
  const callerNodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await buildWeb({ configFile: 'vite.config.ts', logLevel: 'warn', mode: 'production' });
  } finally {
    if (callerNodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = callerNodeEnv;
  }
  moveSourceMaps(WEB_DIR, WEB_SOURCE_MAPS_DIR);
  precompressAssets(WEB_DIR);
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

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildAll();
  console.log('Built dist/web and dist/server.');
}
