/** The served folder of the plate reader, relative to the web folder (patrol/ocr/...). */
export function ocrAssetsPath(): string;
/** The folder the installed tesseract.js, core and data packages call for. */
export function expectedOcrAssetsPath(): string;
/** The LSTM cores copied, by name (each a script and its .wasm). */
export const OCR_CORES: readonly string[];
/** The cores' files copied: each core's script and its .wasm. */
export const OCR_CORE_FILES: readonly string[];
/** Writes the plate reader's worker, cores and data (with gzip copies) into webDir; answers the folder. */
export function buildOcrAssets(webDir: string): Promise<string>;
