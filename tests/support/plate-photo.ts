import type { Page } from 'playwright-core';

/**
 * A photo of a plate rendered in the page: dark letters on a white plate with its border, as a
 * phone would take it close up, as a PNG for a file input. The patrol app's browser test and the
 * bench's plate-reading figure read the same picture.
 */
export async function platePhoto(page: Page, text: string): Promise<Buffer> {
  const dataUrl = await page.evaluate((plate) => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 280;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    context.fillStyle = '#8a8f96';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.fillStyle = '#ffffff';
    context.fillRect(40, 40, 560, 200);
    context.strokeStyle = '#1a1a1a';
    context.lineWidth = 8;
    context.strokeRect(52, 52, 536, 176);
    context.fillStyle = '#111111';
    context.font = 'bold 104px sans-serif';
    context.textAlign = 'center';
    context.textBaseline = 'middle';
    context.fillText(plate, 320, 144);
    return canvas.toDataURL('image/png');
  }, text);
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
}
