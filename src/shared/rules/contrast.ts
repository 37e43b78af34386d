import { normaliseBrandColor, readableOnWhite, relativeLuminance, textColorFor } from './luminance';

/** WCAG 2 contrast ratio of two hex colours, from 1 (none) to 21 (black on white). */
export function contrastRatioOf(foreground: string, background: string): number {
  const a = relativeLuminance(normaliseBrandColor(foreground));
  const b = relativeLuminance(normaliseBrandColor(background));
  const [light, dark] = a > b ? [a, b] : [b, a];
  return (light + 0.05) / (dark + 0.05);
}

/** WCAG AA: normal text needs 4.5:1, large text (and interface parts) 3:1. */
export const AA_NORMAL_TEXT = 4.5;
export const AA_LARGE_TEXT = 3;

/**
 * How the portal will draw text on a brand colour (the luminance rule picks black or white) and
 * whether that meets AA: what the settings page shows beside the colour picker.
 */
export function brandContrastReport(brandColor: string): {
  textColor: string;
  ratio: number;
  isAaNormalText: boolean;
  isAaLargeText: boolean;
  /** The brand as link text on white: its own ratio, and the shade the portal uses when that is too low. */
  onWhiteRatio: number;
  linkColorOnWhite: string;
} {
  const textColor = textColorFor(brandColor);
  const ratio = contrastRatioOf(textColor, brandColor);
  return {
    textColor,
    ratio,
    isAaNormalText: ratio >= AA_NORMAL_TEXT,
    isAaLargeText: ratio >= AA_LARGE_TEXT,
    onWhiteRatio: contrastRatioOf(brandColor, 'FFFFFF'),
    linkColorOnWhite: readableOnWhite(brandColor),
  };
}
