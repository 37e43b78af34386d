import { canonicalPlate, isWellFormedPlate, MAX_PLATE_LENGTH } from '../../../../shared/rules';

/**
 * The characters tesseract may read on a plate (decision 220): Latin capitals, digits and the
 * separators plates print. Anything else it sees (a state's motto, a frame's dealer name in lower
 * case, a sticker) is read as the closest of these or not at all.
 */
export const PLATE_WHITELIST = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -';

/** Fewer characters than this is noise (a bolt read as an I), not a plate. */
const MIN_PLATE_LENGTH = 2;

/**
 * The canonical plate in the text tesseract read, or null when it read none: the longest line
 * that is a plate once its separators are removed (canonicalPlate, as every match uses), no
 * longer than a plate is kept.
 */
export function plateFromText(text: string): string | null {
  const plates = text
    .split(/\r?\n/)
    .filter((line) => isWellFormedPlate(line))
    .map((line) => canonicalPlate(line))
    .filter((plate) => plate.length >= MIN_PLATE_LENGTH && plate.length <= MAX_PLATE_LENGTH)
    .sort((a, b) => b.length - a.length);
  return plates[0] ?? null;
}

/** A rectangle in pixels. */
export type Region = { x: number; y: number; width: number; height: number };

/**
 * The part of the camera's frame inside the framing guide. The video fills its box with
 * `object-fit: cover` (scaled to cover, centred, the overflow cut off), and the guide is drawn over
 * that box: `guide` is in the box's pixels, the answer in the frame's.
 */
export function guideRegion(
  frame: { width: number; height: number },
  box: { width: number; height: number },
  guide: Region,
): Region {
  const scale = Math.max(box.width / frame.width, box.height / frame.height);
  const offsetX = (frame.width * scale - box.width) / 2;
  const offsetY = (frame.height * scale - box.height) / 2;
  const x = Math.max(0, (guide.x + offsetX) / scale);
  const y = Math.max(0, (guide.y + offsetY) / scale);
  return {
    x: Math.round(x),
    y: Math.round(y),
    width: Math.round(Math.min(frame.width - x, guide.width / scale)),
    height: Math.round(Math.min(frame.height - y, guide.height / scale)),
  };
}
