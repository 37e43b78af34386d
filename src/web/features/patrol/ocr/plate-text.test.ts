import { describe, expect, it } from 'vitest';
import { guideRegion, plateFromText } from './plate-text';

describe('plateFromText', () => {
  it('answers the canonical plate of what tesseract read', () => {
    expect(plateFromText('PAT 100\n')).toBe('PAT100');
    expect(plateFromText('ab-12 cd')).toBe('AB12CD');
  });

  it('takes the longest line that is a plate, and nothing that is not one', () => {
    expect(plateFromText('I\nKX7 2ZD\n\n')).toBe('KX72ZD');
    expect(plateFromText('')).toBeNull();
    expect(plateFromText(' \n-\n')).toBeNull();
    // A single character is a bolt or a smudge, not a plate.
    expect(plateFromText('I')).toBeNull();
    // Longer than a plate is kept (16 characters): a line of text, not a plate.
    expect(plateFromText('ABCDEFGHIJKLMNOPQ')).toBeNull();
  });
});

describe('guideRegion', () => {
  it('maps the guide to the frame when the frame fits its box exactly', () => {
    const region = guideRegion(
      { width: 1280, height: 960 },
      { width: 320, height: 240 },
      { x: 32, y: 90, width: 256, height: 60 },
    );
    expect(region).toEqual({ x: 128, y: 360, width: 1024, height: 240 });
  });

  it('allows for the part of a wider frame that the cover fit cuts off', () => {
    // A 1920 × 1080 frame covering a 300 × 400 box: scaled by 400 / 1080, 511 px wide, 105.5 px cut each side.
    const scale = 400 / 1080;
    const region = guideRegion(
      { width: 1920, height: 1080 },
      { width: 300, height: 400 },
      { x: 24, y: 170, width: 252, height: 60 },
    );
    expect(region.x).toBe(Math.round((24 + (1920 * scale - 300) / 2) / scale));
    expect(region.y).toBe(Math.round(170 / scale));
    expect(region.width).toBe(Math.round(252 / scale));
    expect(region.height).toBe(Math.round(60 / scale));
  });

  it('never reaches outside the frame', () => {
    const region = guideRegion(
      { width: 100, height: 100 },
      { width: 100, height: 100 },
      { x: -5, y: 90, width: 200, height: 50 },
    );
    expect(region.x).toBe(0);
    expect(region.y + region.height).toBeLessThanOrEqual(100);
    expect(region.x + region.width).toBeLessThanOrEqual(100);
  });
});
