import { describe, expect, it } from 'vitest';
import { boundsCentre, reportBounds, scanBounds } from './report-bounds';

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

describe('scanBounds', () => {
  const extentOf = (latitude: number[], longitude: number[]) => ({
    south: Math.min(...latitude),
    west: Math.min(...longitude),
    north: Math.max(...latitude),
    east: Math.max(...longitude),
  });

  it('leaves out a far outlier: one stray fix does not zoom the map out to the ocean', () => {
    // A street grid of 200 cells around 40.75, -73.98 and one scan at 0, 0 (a GPS fix without a signal).
    const latitude = [...Array.from({ length: 200 }, (_, i) => 40.75 + (i % 20) * 0.0005), 0];
    const longitude = [...Array.from({ length: 200 }, (_, i) => -73.98 + Math.floor(i / 20) * 0.0005), 0];
    const count = [...Array.from({ length: 200 }, () => 5), 1];
    const heatMap = { latitude, longitude, count, alerts: count.map(() => 0) };
    const bounds = scanBounds(extentOf(latitude, longitude), heatMap)!;
    expect(bounds.south).toBeCloseTo(40.75, 9);
    expect(bounds.north).toBeCloseTo(40.75 + 19 * 0.0005, 9);
    expect(bounds.west).toBeCloseTo(-73.98, 9);
    expect(bounds.east).toBeCloseTo(-73.98 + 9 * 0.0005, 9);
  });

  it('keeps the ends of the streets: scans just past the 99th percentile stay on the map', () => {
    // 1,000 scans along a street and a few at its far end, a block further on.
    const latitude = [...Array.from({ length: 100 }, (_, i) => 40.7 + i * 0.0001), 40.712];
    const longitude = latitude.map(() => -74);
    const count = [...latitude.slice(0, 100).map(() => 10), 3];
    const bounds = scanBounds(extentOf(latitude, longitude), {
      latitude,
      longitude,
      count,
      alerts: count.map(() => 0),
    })!;
    expect(bounds.north).toBeCloseTo(40.712, 9);
    expect(bounds.south).toBeCloseTo(40.7, 9);
  });

  it('is the whole extent when the cells weigh nothing, and null without scans', () => {
    const extent = { south: 1, west: 2, north: 3, east: 4 };
    expect(scanBounds(extent, { latitude: [], longitude: [], count: [], alerts: [] })).toEqual(extent);
    expect(scanBounds(null, { latitude: [], longitude: [], count: [], alerts: [] })).toBeNull();
  });
});
