import type Tesseract from 'tesseract.js';
import { OCR_LANG_PATH, OCR_WORKER_PATH, ocrCorePath } from './ocr-assets';
import { PLATE_WHITELIST, plateFromText } from './plate-text';

/**
 * Reads plates on the phone (issue 29, decisions 220 and 234): tesseract.js in a Web Worker, its
 * script, WebAssembly core and English data served by the portal (ocr-assets.ts). The library is a
 * chunk of its own, imported when the signed-in app is first idle (or at the officer's first photo,
 * if that comes sooner); the worker then stays for the rest of the visit, so every plate reads in a
 * fraction of the reader's start.
 */

/** A photo's longer side is scaled down to this first: a plate needs no more, and 12 MP is slow. */
const MAX_SIDE = 1600;

let reader: Promise<Tesseract.Worker> | null = null;

/**
 * Marks each step of the reader's start and of a reading on the page's performance timeline
 * (`plate-reader <step>`): the browser's profiler shows them, and the bench reads them to say where
 * the first reading's time goes.
 */
export const PLATE_READER_MARK = 'plate-reader';
let lastStep = '';
function markStep(step: string): void {
  if (step === lastStep) return;
  lastStep = step;
  performance.mark(`${PLATE_READER_MARK} ${step}`);
}

/**
 * Set when the engine starts, never after (decision 234): no dictionaries. A plate is not an English
 * word, and loading the word lists costs the first reading time for answers they would only bend
 * toward words.
 */
const READER_INIT_CONFIG = {
  load_system_dawg: '0',
  load_freq_dawg: '0',
  load_unambig_dawg: '0',
  load_punc_dawg: '0',
  load_number_dawg: '0',
  load_bigram_dawg: '0',
};

/**
 * The fastest core this phone runs, tested as tesseract.js tests it (wasm-feature-detect, which
 * only validates tiny modules: allowed under the page's policy). The app picks rather than
 * tesseract.js because tesseract.js picks only among its cores with the module inlined in base64,
 * which the browser can neither compile while downloading nor keep compiled (decision 234).
 */
async function coreForThisPhone(): Promise<'relaxedsimd-lstm' | 'simd-lstm' | 'lstm'> {
  const { relaxedSimd, simd } = await import('wasm-feature-detect');
  if (await relaxedSimd()) return 'relaxedsimd-lstm';
  return (await simd()) ? 'simd-lstm' : 'lstm';
}

/**
 * Starts the reader (library, worker, core, trained data) if it is not started yet: when the app is
 * idle (startPlateReaderWhenIdle), and again whenever the officer reaches for the camera or the
 * photo input, in case that start failed (offline before the files were ever kept).
 */
export function startPlateReader(): Promise<Tesseract.Worker> {
  reader ??= (async () => {
    markStep('start');
    const [{ createWorker, OEM, PSM }, core] = await Promise.all([
      import('tesseract.js'),
      coreForThisPhone(),
    ]);
    markStep('library loaded');
    const worker = await createWorker(
      'eng',
      OEM.LSTM_ONLY,
      {
        workerPath: OCR_WORKER_PATH,
        corePath: ocrCorePath(core),
        langPath: OCR_LANG_PATH,
        // The script by its own URL (a blob: worker would fall under the page's policy, which forbids
        // compiling WebAssembly); the data as served, compressed in transit by the server.
        workerBlobURL: false,
        gzip: false,
        // tesseract.js reports each step (loading the core, the data, initialising, recognising).
        logger: (message) => markStep(message.status),
        // The service worker keeps the data (decision 234): a second copy in IndexedDB only cost
        // the first start the time to write 5 MB.
        cacheMethod: 'none',
      },
      READER_INIT_CONFIG,
    );
    await worker.setParameters({
      tessedit_pageseg_mode: PSM.SINGLE_LINE,
      tessedit_char_whitelist: PLATE_WHITELIST,
      user_defined_dpi: '300',
    });
    markStep('ready');
    return worker;
  })();
  // A reader that failed to start (offline before its first use) is tried again next time.
  reader.catch(() => {
    reader = null;
  });
  return reader;
}

/** How long an idle moment may be waited for before the reader starts anyway. */
const IDLE_WAIT_MS = 3000;

/**
 * Starts the reader when the page is next idle once `after` settles (the service worker in
 * control, so the reader's files are fetched through it and kept for offline use), before the
 * officer needs it (decision 234). Answers a function that cancels a start not yet begun.
 */
export function startPlateReaderWhenIdle(after: Promise<unknown>): () => void {
  let isCancelled = false;
  let cancelWait = () => {};
  const start = () => void startPlateReader().catch(() => undefined);
  void after
    .catch(() => undefined)
    .then(() => {
      if (isCancelled) return;
      if (typeof window.requestIdleCallback === 'function') {
        const id = window.requestIdleCallback(start, { timeout: IDLE_WAIT_MS });
        cancelWait = () => window.cancelIdleCallback(id);
      } else {
        // Safari has no idle callback: a moment after the app shows.
        const id = window.setTimeout(start, 500);
        cancelWait = () => window.clearTimeout(id);
      }
    });
  return () => {
    isCancelled = true;
    cancelWait();
  };
}

/** A photo as a canvas no larger than MAX_SIDE, turned as the camera held it. */
async function scaledCanvas(photo: Blob): Promise<HTMLCanvasElement> {
  const bitmap = await createImageBitmap(photo);
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return canvas;
}

export type PlateReading =
  | { kind: 'plate'; plate: string }
  /** Nothing that is a plate in the picture. */
  | { kind: 'nothing' }
  /** The picture is not an image the browser can open. */
  | { kind: 'not-an-image' }
  /** The reader could not start (offline before it was ever used) or failed. */
  | { kind: 'failed' };

/** Reads the canonical plate in a photo (a file) or a frame of the camera (a canvas). */
export async function readPlate(image: Blob | HTMLCanvasElement): Promise<PlateReading> {
  // The reader starts (or goes on starting) while the photo is decoded and scaled.
  const starting = startPlateReader();
  starting.catch(() => undefined);
  let canvas: HTMLCanvasElement;
  try {
    canvas = image instanceof Blob ? await scaledCanvas(image) : image;
  } catch {
    return { kind: 'not-an-image' };
  }
  try {
    const worker = await starting;
    const result = await worker.recognize(canvas);
    markStep('read');
    const plate = plateFromText(result.data.text);
    return plate ? { kind: 'plate', plate } : { kind: 'nothing' };
  } catch {
    return { kind: 'failed' };
  }
}

/** Ends the reader's worker (signing out): the next plate starts a new one. */
export async function stopPlateReader(): Promise<void> {
  const started = reader;
  reader = null;
  if (started) await started.then((worker) => worker.terminate()).catch(() => undefined);
}
