export const DEFAULT_BRAND_COLOR = '000000';
const LIGHT_TEXT = 'FFFFFF';
const DARK_TEXT = '000000';

/** Accepts 'abc', '#aabbcc' or 'AABBCC'; anything else falls back to the default black. */
export function normaliseBrandColor(color: string | null | undefined): string {
  const hex = (color ?? '').trim().replace(/^#/, '');
  if (/^[0-9a-fA-F]{6}$/.test(hex)) return hex.toUpperCase();
  if (/^[0-9a-fA-F]{3}$/.test(hex))
    return [...hex]
      .map((c) => c + c)
      .join('')
      .toUpperCase();
  return DEFAULT_BRAND_COLOR;
}

/** WCAG relative luminance of a hex colour, 0 (black) to 1 (white). */
export function relativeLuminance(color: string): number {
  const hex = normaliseBrandColor(color);
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}

function contrastRatio(a: number, b: number): number {
  const [light, dark] = a > b ? [a, b] : [b, a];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * Text colour for a brand-coloured background: black on light colours, otherwise light text.
 * "Light" means black text has the better WCAG contrast, so the choice is always the readable one.
 */
export function textColorFor(brandColor: string | null | undefined): string {
  const luminance = relativeLuminance(normaliseBrandColor(brandColor));
  return contrastRatio(luminance, 0) >= contrastRatio(luminance, 1) ? DARK_TEXT : LIGHT_TEXT;
}

/** WCAG AA for normal text. */
const MIN_TEXT_CONTRAST = 4.5;
/** The lightest grey the app puts behind brand text (hovered table rows); white is lighter still. */
const LIGHT_SURFACE = 'F1F3F5';
/** Opacity of the brand in Mantine's 'light' variant backgrounds (with a margin). */
const BRAND_TINT_ALPHA = 0.15;

/**
 * The brand colour as text on a white or light-grey surface: the colour itself when it is readable there,
 * otherwise the same hue darkened just enough to meet WCAG AA (a yellow brand gets dark gold links).
 */
export function readableOnWhite(brandColor: string | null | undefined): string {
  const hex = normaliseBrandColor(brandColor);
  const channels = [0, 2, 4].map((offset) => Number.parseInt(hex.slice(offset, offset + 2), 16));
  // Mantine's 'light' variants lay brand text on a pale tint of the brand: that tint is a surface too.
  const tint = channels
    .map((value) =>
      Math.round(255 - (255 - value) * BRAND_TINT_ALPHA)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('');
  const surfaces = [relativeLuminance(LIGHT_SURFACE), relativeLuminance(tint)];
  for (let factor = 1; factor >= 0; factor -= 0.02) {
    const candidate = channels
      .map((value) =>
        Math.round(value * factor)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')
      .toUpperCase();
    const luminance = relativeLuminance(candidate);
    if (surfaces.every((surface) => contrastRatio(luminance, surface) >= MIN_TEXT_CONTRAST)) {
      return candidate;
    }
  }
  return DEFAULT_BRAND_COLOR;
}
