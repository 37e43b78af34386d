/** Part 2 section 9: the map's initial zoom, and the margin around the scans when fitting them. */
export const REPORT_MAP_INITIAL_ZOOM = 12;
export const REPORT_BOUNDS_MARGIN_DEGREES = 0.001;

/** [[west, south], [east, north]] of the points plus the margin, or null without points. */
export function reportBounds(
  latitudes: readonly number[],
  longitudes: readonly number[],
): [[number, number], [number, number]] | null {
  if (latitudes.length === 0) return null;
  let west = Number.POSITIVE_INFINITY;
  let south = Number.POSITIVE_INFINITY;
  let east = Number.NEGATIVE_INFINITY;
  let north = Number.NEGATIVE_INFINITY;
  for (let index = 0; index < latitudes.length; index++) {
    const latitude = latitudes[index]!;
    const longitude = longitudes[index]!;
    if (longitude < west) west = longitude;
    if (longitude > east) east = longitude;
    if (latitude < south) south = latitude;
    if (latitude > north) north = latitude;
  }
  const m = REPORT_BOUNDS_MARGIN_DEGREES;
  return [
    [Math.max(-180, west - m), Math.max(-90, south - m)],
    [Math.min(180, east + m), Math.min(90, north + m)],
  ];
}

export function boundsCentre(bounds: [[number, number], [number, number]]): [number, number] {
  return [(bounds[0][0] + bounds[1][0]) / 2, (bounds[0][1] + bounds[1][1]) / 2];
}
