import { describe, expect, it } from 'vitest';
import { formatBytes, formatMs, formatTable, LatencySamples, median, percentile } from './stats';

describe('median', () => {
  it('takes the middle value of unsorted values, the lower one of an even count, and NaN of none', () => {
    expect(median([246, 54, 55])).toBe(55);
    expect(median([3, 1, 4, 2])).toBe(2);
    expect(median([7])).toBe(7);
    expect(median([])).toBeNaN();
  });
});

describe('percentile', () => {
  const sorted = Float64Array.from({ length: 100 }, (_, index) => index + 1);

  it('takes the nearest rank', () => {
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile(sorted, 99.5)).toBe(100);
    expect(percentile(sorted, 100)).toBe(100);
  });

  it('answers the only sample for any percentile, and NaN without samples', () => {
    expect(percentile([7], 1)).toBe(7);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
  });
});

describe('LatencySamples', () => {
  it('keeps every sample past its initial capacity and sorts them numerically', () => {
    const samples = new LatencySamples();
    for (let value = 3000; value > 0; value--) samples.add(value / 10);
    const sorted = samples.sorted();
    expect(samples.count).toBe(3000);
    expect(sorted[0]).toBe(0.1);
    expect(sorted[2999]).toBe(300);
    expect(percentile(sorted, 50)).toBe(150);
  });
});

describe('formatting', () => {
  it('shows latencies with precision that fits their size', () => {
    expect(formatMs(1.234)).toBe('1.23');
    expect(formatMs(12.34)).toBe('12.3');
    expect(formatMs(123.4)).toBe('123');
    expect(formatMs(Number.NaN)).toBe('-');
  });

  it('shows sizes in bytes or kB', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2.0 KiB');
  });

  it('aligns a table: the first column left, the others right', () => {
    expect(
      formatTable(
        ['Name', 'req/s'],
        [
          ['bare', '12000'],
          ['lookup', '900'],
        ],
      ),
    ).toBe(['Name    req/s', '------  -----', 'bare    12000', 'lookup    900'].join('\n'));
  });
});
