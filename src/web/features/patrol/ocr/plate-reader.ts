import type Tesseract from 'tesseract.js';
import { OCR_CORE_PATH, OCR_LANG_PATH, OCR_WORKER_PATH } from './ocr-assets';
import { PLATE_WHITELIST, plateFromText } from './plate-text';

/**
 * Reads plates on the phone (issue 29, decision 220): tesseract.js in a Web Worker, its script,
 * WebAssembly core and English data served by the portal (ocr-assets.ts). The library is a chunk
 * of its own, imported the first time the officer opens the camera or the photo picker; the worker
 * then stays for the rest of the visit, so later plates read in a fraction of the first one's time.
 */

/** A photo's longer side is scaled down to this first: a plate needs no more, and 12 MP is slow. */
const MAX_SIDE = 1600;

let reader: Promise<Tesseract.Worker> | null = null;

/**
 * Starts the reader (library, worker, core, trained data) if it is not started yet. Called as soon
 * as the officer reaches for the camera or the photo input, so the reader loads while they aim.
 */
export function startPlateReader(): Promise<Tesseract.Worker> {
  reader ??= (async () => {
    const { createWorker, OEM, PSM } = await import('tesseract.js');
    const worker = await createWorker('eng', OEM.LSTM_ONLY, {
      workerPath: OCR_WORKER_PATH,
      corePath: OCR_CORE_PATH,
      langPath: OCR_LANG_PATH,
      // The script by its own URL (a blob: worker would fall under the page's policy, which forbids
      // compiling WebAssembly); the data as served, compressed in transit by the server.
      workerBlobURL: false,
      gzip: false,
    });
    await worker.setParameters({
      tessedit_pageseg_mode: PSM.SINGLE_LINE,
      tessedit_char_whitelist: PLATE_WHITELIST,
      user_defined_dpi: '300',
    });
    return worker;
  })();
  // A reader that failed to start (offline before its first use) is tried again next time.
  reader.catch(() => {
    reader = null;
  });
  return reader;
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
  let canvas: HTMLCanvasElement;
  try {
    canvas = image instanceof Blob ? await scaledCanvas(image) : image;
  } catch {
    return { kind: 'not-an-image' };
  }
  try {
    const worker = await startPlateReader();
    const result = await worker.recognize(canvas);
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
