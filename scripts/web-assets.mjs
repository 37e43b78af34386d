// What the build does to dist/web after Vite: source maps out of the served folder (decision 071)
// and a brotli and a gzip copy beside each text asset, served by @fastify/static's preCompressed.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Files worth compressing: text formats. Images other than SVG and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|webmanifest)$/;

/** Below this, the compressed copy saves less than the extra lookup costs. */
const MIN_BYTES = 1024;

/** The server renders index.html per tenant (branding, CSP nonce), so it is never sent as a file. */
const RENDERED_BY_SERVER = new Set(['index.html']);

function listFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? listFiles(file) : [file];
  });
}

/**
 * Moves every .map file from the served folder to mapsDir (same relative paths), so the browser
 * never receives one. Vite builds them 'hidden': no file names its map.
 */
export function moveSourceMaps(webDir, mapsDir) {
  rmSync(mapsDir, { recursive: true, force: true });
  const maps = listFiles(webDir).filter((file) => file.endsWith('.map'));
  for (const file of maps) {
    const target = path.join(mapsDir, path.relative(webDir, file));
    mkdirSync(path.dirname(target), { recursive: true });
    renameSync(file, target);
  }
  return maps.length;
}

/**
 * Writes FILE.br (brotli, quality 11) and FILE.gz (gzip, level 9) beside each compressible file of
 * webDir, when the copy is smaller. Done once at build time, so the best settings cost nothing
 * per request.
 */
export function precompressAssets(webDir) {
  const written = [];
  for (const file of listFiles(webDir)) {
    if (!COMPRESSIBLE.test(file) || RENDERED_BY_SERVER.has(path.relative(webDir, file))) continue;
    const content = readFileSync(file);
    if (content.length < MIN_BYTES) continue;
    const copies = {
      br: brotliCompressSync(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gz: gzipSync(content, { level: constants.Z_BEST_COMPRESSION }),
    };
    for (const [extension, copy] of Object.entries(copies)) {
      if (copy.length >= content.length) continue;
      writeFileSync(`${file}.${extension}`, copy);
      written.push(`${file}.${extension}`);
    }
  }
  return written;
}
