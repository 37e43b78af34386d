// The patrol app's plate reader (issue 29, decision 220): tesseract.js's Web Worker script, built
// from the package's own source (its npm package ships only the API layer), the WebAssembly cores
// of tesseract.js-core (scripts and .wasm files) and the English trained data of @tesseract.js-data/eng, copied into the
// served folder so the app reads plates with no CDN.
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { constants, gunzipSync, gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const require = createRequire(import.meta.url);

/** The served folder, as src/web/features/patrol/ocr/ocr-assets.ts names it. */
export function ocrAssetsPath() {
  const source = readFileSync(
    new URL('../src/web/features/patrol/ocr/ocr-assets.ts', import.meta.url),
    'utf8',
  );
  const match = /OCR_ASSETS_PATH = '\/([^']+)'/.exec(source);
  if (!match) throw new Error('ocr-assets.ts names no OCR_ASSETS_PATH');
  return match[1];
}

/** The folder the installed packages' versions call for. */
export function expectedOcrAssetsPath() {
  const version = (name) => JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')).version;
  return `patrol/ocr/tesseract-${version('tesseract.js')}_core-${version('tesseract.js-core')}_eng-${version('@tesseract.js-data/eng')}`;
}

/**
 * The cores of the LSTM engine (the one we use): with relaxed SIMD, with SIMD, or neither, as the
 * phone supports (the app picks, ocr/plate-reader.ts). Each is a small script and its WebAssembly
 * beside it (decision 234), not the package's `.wasm.js` with the module inlined in base64: the
 * browser compiles a `.wasm` while it downloads and keeps the compiled code. The script finds its
 * `.wasm` beside the worker's script, so they lie in the same folder.
 */
export const OCR_CORES = [
  'tesseract-core-relaxedsimd-lstm',
  'tesseract-core-simd-lstm',
  'tesseract-core-lstm',
];
export const OCR_CORE_FILES = OCR_CORES.flatMap((core) => [`${core}.js`, `${core}.wasm`]);

export async function buildOcrAssets(webDir) {
  const relative = ocrAssetsPath();
  if (relative !== expectedOcrAssetsPath()) {
    throw new Error(
      `ocr-assets.ts names ${relative}; the installed packages call for ${expectedOcrAssetsPath()}`,
    );
  }
  const target = path.join(webDir, relative);
  rmSync(path.join(webDir, 'patrol', 'ocr'), { recursive: true, force: true });
  mkdirSync(path.join(target, 'lang'), { recursive: true });
  // A classic worker (the script loads its core with importScripts); `global` is the worker's self.
  await build({
    entryPoints: [require.resolve('tesseract.js/src/worker-script/browser/index.js')],
    outfile: path.join(target, 'worker.min.js'),
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    define: { global: 'self' },
    legalComments: 'eof',
    logLevel: 'warning',
  });
  const coreDir = path.dirname(require.resolve('tesseract.js-core/package.json'));
  for (const file of OCR_CORE_FILES) copyFileSync(path.join(coreDir, file), path.join(target, file));
  // The LSTM-only data ("best_int"), written uncompressed beside the package's gzip file: the gzip
  // is what travels, and the browser undoes it before the worker reads the file.
  const data = path.join(
    path.dirname(require.resolve('@tesseract.js-data/eng/package.json')),
    '4.0.0_best_int/eng.traineddata.gz',
  );
  writeFileSync(path.join(target, 'lang', 'eng.traineddata'), gunzipSync(readFileSync(data)));
  copyFileSync(data, path.join(target, 'lang', 'eng.traineddata.gz'));
  // Gzip copies only, served by @fastify/static's preCompressed: brotli at the build's quality
  // takes minutes on these 4 MB files for a few hundred kilobytes less.
  for (const file of ['worker.min.js', ...OCR_CORE_FILES]) {
    const source = path.join(target, file);
    writeFileSync(`${source}.gz`, gzipSync(readFileSync(source), { level: constants.Z_BEST_COMPRESSION }));
  }
  return target;
}
