import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney } from '../format';
import { normaliseBrandColor, readableOnWhite, relativeLuminance, textColorFor } from './luminance';
import {
  normaliseSearchTerm,
  searchTermForPath,
  searchTermFromPath,
  tenantForPath,
} from './search-normalisation';

describe('search normalisation', () => {
  it('removes whitespace and upper-cases', () => {
    expect(normaliseSearchTerm(' abc 12\t3 ')).toBe('ABC123');
  });
  it("sends an empty term as 'blank' and an empty tenant as 'www'", () => {
    expect(searchTermForPath('   ')).toBe('blank');
    expect(searchTermForPath(null)).toBe('blank');
    expect(tenantForPath('')).toBe('www');
    expect(tenantForPath('demo')).toBe('demo');
  });
  it("reads 'blank' back as no value", () => {
    expect(searchTermFromPath('blank')).toBeNull();
    expect(searchTermFromPath('BLANK')).toBeNull();
    expect(searchTermFromPath('abc1')).toBe('ABC1');
  });
  it('round-trips any term: never contains whitespace or lower case', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const normalised = normaliseSearchTerm(value);
        expect(normalised).not.toMatch(/\s/);
        expect(normalised).toBe(normalised.toUpperCase());
        expect(normaliseSearchTerm(normalised)).toBe(normalised);
      }),
    );
  });
});

describe('brand colour and text colour by luminance', () => {
  it('defaults to black for a missing or malformed colour', () => {
    expect(normaliseBrandColor(undefined)).toBe('000000');
    expect(normaliseBrandColor('not a colour')).toBe('000000');
    expect(normaliseBrandColor('#abc')).toBe('AABBCC');
  });
  it('puts black text on light brands and light text on dark ones', () => {
    expect(textColorFor('FFFFFF')).toBe('000000');
    expect(textColorFor('F2C94C')).toBe('000000');
    expect(textColorFor('000000')).toBe('FFFFFF');
    expect(textColorFor('1F6FEB')).toBe('FFFFFF');
    expect(textColorFor(null)).toBe('FFFFFF');
  });
  it('computes WCAG relative luminance', () => {
    expect(relativeLuminance('000000')).toBe(0);
    expect(relativeLuminance('FFFFFF')).toBeCloseTo(1);
  });
  it('always picks the text colour with the better contrast', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffff }), (value) => {
        const color = value.toString(16).padStart(6, '0');
        const luminance = relativeLuminance(color);
        const onBlack = (luminance + 0.05) / 0.05;
        const onWhite = 1.05 / (luminance + 0.05);
        expect(textColorFor(color)).toBe(onBlack >= onWhite ? '000000' : 'FFFFFF');
      }),
    );
  });
  it('darkens a brand colour just enough to be readable as text on white', () => {
    expect(readableOnWhite('000000')).toBe('000000');
    const gold = readableOnWhite('F2C94C');
    expect(gold).not.toBe('F2C94C');
    expect((1.05 / (relativeLuminance(gold) + 0.05)) * 1).toBeGreaterThanOrEqual(4.5);
  });
  it('keeps brand text AA on the pale brand tint of light badges and menu entries, for any brand', () => {
    const ratio = (a: string, b: string) => {
      const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
      return (light! + 0.05) / (dark! + 0.05);
    };
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9A-F]{6}$/), (color) => {
        const tint = [0, 2, 4]
          .map((offset) => Number.parseInt(color.slice(offset, offset + 2), 16))
          .map((value) =>
            Math.round(255 - (255 - value) * 0.12)
              .toString(16)
              .padStart(2, '0'),
          )
          .join('');
        expect(ratio(readableOnWhite(color), tint)).toBeGreaterThanOrEqual(4.5);
        expect(ratio(readableOnWhite(color), 'F1F3F5')).toBeGreaterThanOrEqual(4.5);
        // Text on a surface filled with the brand colour.
        expect(ratio(textColorFor(color), color)).toBeGreaterThanOrEqual(4.5);
      }),
    );
  });
});

describe('formatting', () => {
  it('shows cents as dollars with two decimals', () => {
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(4500)).toBe('$45.00');
    expect(formatMoney(123456)).toBe('$1,234.56');
  });
  it("shows instants in the tenant's time zone in the spec's formats", () => {
    const instant = '2026-11-02T04:30:00Z';
    expect(formatDate(instant, 'America/New_York')).toBe('11/01/2026');
    expect(formatDate(instant, 'America/New_York', 'time')).toBe('11:30 PM');
    expect(formatDate(instant, 'America/New_York', 'longDate')).toBe('Nov 01, 2026');
    expect(formatDate(instant, 'UTC', 'dateTime')).toBe('Nov 02, 2026 04:30 AM');
  });
});
