import type { ReportScanBounds } from '../../../shared/contract';

/** Part 2 section 9: the map's initial zoom, and the margin around the scans when fitting them. */
export const REPORT_MAP_INITIAL_ZOOM = 12;
export const REPORT_BOUNDS_MARGIN_DEGREES = 0.001;

/** [[west, south], [east, north]] of the scans' extent plus the margin, or null without scans. */
export function reportBounds(extent: ReportScanBounds | null): [[number, number], [number, number]] | null {
  if (!extent) return null;
  const m = REPORT_BOUNDS_MARGIN_DEGREES;
  return [
    [Math.max(-180, extent.west - m), Math.max(-90, extent.south - m)],
    [Math.min(180, extent.east + m), Math.min(90, extent.north + m)],
  ];
}

export function boundsCentre(bounds: [[number, number], [number, number]]): [number, number] {
  return [(bounds[0][0] + bounds[1][0]) / 2, (bounds[0][1] + bounds[1][1]) / 2];
}
