import { describe, expect, it } from 'vitest';
import { brandContrastReport, contrastRatioOf } from './contrast';

describe('brand contrast', () => {
  it('measures WCAG ratios', () => {
    expect(contrastRatioOf('000000', 'FFFFFF')).toBeCloseTo(21, 5);
    expect(contrastRatioOf('FFFFFF', 'FFFFFF')).toBeCloseTo(1, 5);
  });
  it('reports the text colour the luminance rule picks, and a darker link shade for pale brands', () => {
    const yellow = brandContrastReport('F5C518');
    expect(yellow.textColor).toBe('000000');
    expect(yellow.isAaNormalText).toBe(true);
    expect(yellow.onWhiteRatio).toBeLessThan(4.5);
    expect(contrastRatioOf(yellow.linkColorOnWhite, 'FFFFFF')).toBeGreaterThanOrEqual(4.5);
    const green = brandContrastReport('2E7D32');
    expect(green.textColor).toBe('FFFFFF');
    expect(green.onWhiteRatio).toBeGreaterThan(4.5);
  });
});
