import { describe, expect, it } from 'vitest';
import { boundsCentre, reportBounds } from './report-bounds';

describe('reportBounds', () => {
  it('fits the scans’ extent plus a 0.001 degree margin', () => {
    const bounds = reportBounds({ south: 40.75, west: -73.99, north: 40.76, east: -73.98 });
    expect(bounds![0][0]).toBeCloseTo(-73.991, 9);
    expect(bounds![0][1]).toBeCloseTo(40.749, 9);
    expect(bounds![1][0]).toBeCloseTo(-73.979, 9);
    expect(bounds![1][1]).toBeCloseTo(40.761, 9);
    expect(boundsCentre(bounds!)[0]).toBeCloseTo(-73.985, 9);
  });

  it('is null without scans and stays on the globe at its edges', () => {
    expect(reportBounds(null)).toBeNull();
    expect(reportBounds({ south: 90, west: 180, north: 90, east: 180 })).toEqual([
      [179.999, 89.999],
      [180, 90],
    ]);
  });
});
