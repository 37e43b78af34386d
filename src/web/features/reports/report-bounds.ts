import type { ReportHeatMap, ReportScanBounds } from '../../../shared/contract';

/** Part 2 section 9: the map's initial zoom, and the margin around the scans when fitting them. */
export const REPORT_MAP_INITIAL_ZOOM = 12;
export const REPORT_BOUNDS_MARGIN_DEGREES = 0.001;

/** The share of scans on each side that may lie outside the core of the map (1st and 99th percentile). */
export const REPORT_BOUNDS_TRIMMED_SHARE = 0.01;

/**
 * How far past the core a scan still counts, as a share of the core's span: scans just past the
 * 1st or 99th percentile (the end of a street) stay on the map; a GPS fix on another continent
 * does not.
 */
export const REPORT_BOUNDS_OUTLIER_REACH = 0.5;

/** [[west, south], [east, north]] of the scans' extent plus the margin, or null without scans. */
export function reportBounds(extent: ReportScanBounds | null): [[number, number], [number, number]] | null {
  if (!extent) return null;
  const m = REPORT_BOUNDS_MARGIN_DEGREES;
  return [
    [Math.max(-180, extent.west - m), Math.max(-90, extent.south - m)],
    [Math.min(180, extent.east + m), Math.min(90, extent.north + m)],
  ];
}

/** The value below which `share` of the weight lies, over values sorted with their weights. */
function weightedPercentile(
  sorted: readonly { value: number; weight: number }[],
  total: number,
  share: number,
) {
  const target = share * total;
  let seen = 0;
  for (const item of sorted) {
    seen += item.weight;
    if (seen > target) return item.value;
  }
  return sorted[sorted.length - 1]!.value;
}

/** The range along one axis that keeps the scans' core and what lies near it, dropping far outliers. */
function robustRange(values: readonly number[], weights: readonly number[]): [number, number] {
  const sorted = values
    .map((value, index) => ({ value, weight: Math.max(0, weights[index] ?? 0) }))
    .filter((item) => item.weight > 0)
    .sort((a, b) => a.value - b.value);
  const total = sorted.reduce((sum, item) => sum + item.weight, 0);
  const low = weightedPercentile(sorted, total, REPORT_BOUNDS_TRIMMED_SHARE);
  const high = weightedPercentile(sorted, total, 1 - REPORT_BOUNDS_TRIMMED_SHARE);
  const reach = (high - low) * REPORT_BOUNDS_OUTLIER_REACH;
  const kept = sorted.filter((item) => item.value >= low - reach && item.value <= high + reach);
  return [kept[0]!.value, kept[kept.length - 1]!.value];
}

/**
 * The extent the map fits (issue 33): the scans' heat map cells weighted by their scans, without
 * far outliers — past the 1st and 99th percentile by more than half the span between them — so
 * one stray GPS fix does not zoom the map out to a continent. Without cells, the whole extent.
 */
export function scanBounds(extent: ReportScanBounds | null, heatMap: ReportHeatMap): ReportScanBounds | null {
  if (!extent) return null;
  const weights = heatMap.count;
  if (!weights.some((weight) => weight > 0)) return extent;
  const [south, north] = robustRange(heatMap.latitude, weights);
  const [west, east] = robustRange(heatMap.longitude, weights);
  // Cells are rounded to ~11 m: kept inside the extent, and never inside out.
  const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
  const fittedSouth = clamp(south, extent.south, extent.north);
  const fittedWest = clamp(west, extent.west, extent.east);
  return {
    south: fittedSouth,
    west: fittedWest,
    north: clamp(north, fittedSouth, extent.north),
    east: clamp(east, fittedWest, extent.east),
  };
}

export function boundsCentre(bounds: [[number, number], [number, number]]): [number, number] {
  return [(bounds[0][0] + bounds[1][0]) / 2, (bounds[0][1] + bounds[1][1]) / 2];
}
