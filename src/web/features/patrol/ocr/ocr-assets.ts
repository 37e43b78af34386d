/**
 * Where the portal serves the plate reader's files (decision 220): tesseract.js's worker script,
 * its WebAssembly core and the English trained data, all installed from npm and copied into the
 * build by scripts/ocr-assets.mjs. Never a CDN: the patrol app reads plates with no third party.
 * The folder names the versions, so a file is kept by browsers for a year and an upgrade gets a
 * new folder (the build refuses a name that does not match the installed packages). It lies under
 * /patrol, the service worker's scope, so the reader's worker is controlled by it and its files
 * are kept for reading plates offline.
 */
export const OCR_ASSETS_PATH = '/patrol/ocr/tesseract-7.0.0_core-7.0.0_eng-1.0.0';

export const OCR_WORKER_PATH = `${OCR_ASSETS_PATH}/worker.min.js`;
/** A core's script (ocr-assets.mjs's OCR_CORES); its `.wasm` lies beside it. */
export const ocrCorePath = (core: 'relaxedsimd-lstm' | 'simd-lstm' | 'lstm') =>
  `${OCR_ASSETS_PATH}/tesseract-core-${core}.js`;
export const OCR_LANG_PATH = `${OCR_ASSETS_PATH}/lang`;
