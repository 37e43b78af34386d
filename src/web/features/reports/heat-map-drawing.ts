import type {
  GeoJSONSourceSpecification,
  LayerSpecification,
  Map as MapLibreMap,
  StyleSpecification,
} from 'maplibre-gl';
import type { ReportHeatMap, ReportSummaryData } from '../../../shared/contract';
import maplibre from './load-maplibre';
import { boundsCentre, REPORT_MAP_INITIAL_ZOOM, reportBounds, scanBounds } from './report-bounds';
import { PLAIN_MAP_STYLE } from './report-map-style';

/**
 * The report's heat map drawn with MapLibre, apart from React (its own chunk, with MapLibre's):
 * so that a server-rendered report starts drawing as soon as its code has run, before the page
 * is hydrated, and the page takes the drawing over (decision 164).
 */

export type HeatMapState = 'loading' | 'drawn' | 'unavailable';

export interface HeatMapDrawing {
  readonly state: HeatMapState;
  /** Calls `listener` on each change of state; answers the unsubscribe. */
  onStateChange(listener: (state: HeatMapState) => void): () => void;
  /** Removes the map and its element. */
  remove(): void;
}

/**
 * The heat map's cells as GeoJSON points with their scans and alerts as weights. The database
 * merged the scans into ~11 m cells (decision 155): 100,000 scans along a few streets arrive as a
 * few thousand cells, which MapLibre's worker tiles in a fraction of the time, and the heat looks
 * the same.
 */
function cellsSource(heatMap: ReportHeatMap): GeoJSONSourceSpecification {
  return {
    type: 'geojson',
    // Tiles past zoom 12 are drawn from zoom 12's, whose 4,096 units per tile still place a
    // point within ~2.5 m where tiles are widest (the cells are ~11 m): a street grid is one or two
    // tiles for MapLibre's worker to cut, rather than three or more at the map's zoom, and zooming
    // in cuts none.
    maxzoom: 12,
    data: {
      type: 'FeatureCollection',
      features: heatMap.latitude.map((latitude, index) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [heatMap.longitude[index]!, latitude] },
        properties: { scans: heatMap.count[index]!, alerts: heatMap.alerts[index]! },
      })),
    },
  };
}

/** How much one scan adds to the heat: about the same picture for a few thousand or 100,000 scans. */
function densityWeight(count: number): number {
  return Math.min(1, Math.max(0.02, 600 / Math.max(1, count)));
}

/** MapLibre's native heat map, fading into single points when zoomed in close. */
function scanLayers(totalScans: number): LayerSpecification[] {
  const heat: LayerSpecification = {
    id: 'scans-heat',
    type: 'heatmap',
    source: 'scans',
    maxzoom: 18,
    paint: {
      // Fewer scans weigh more each, so 3,000 and 100,000 scans both show where patrols go
      // rather than one red block; alerts weigh double.
      'heatmap-weight': ['*', densityWeight(totalScans), ['+', ['get', 'scans'], ['get', 'alerts']]],
      'heatmap-intensity': ['interpolate', ['linear'], ['zoom'], 10, 0.5, 16, 1.5],
      'heatmap-radius': ['interpolate', ['linear'], ['zoom'], 10, 4, 14, 10, 17, 24],
      'heatmap-color': [
        'interpolate',
        ['linear'],
        ['heatmap-density'],
        0,
        'rgba(33, 102, 172, 0)',
        0.15,
        'rgba(103, 169, 207, 0.7)',
        0.35,
        'rgb(145, 207, 96)',
        0.55,
        'rgb(254, 224, 139)',
        0.75,
        'rgb(252, 141, 89)',
        1,
        'rgb(215, 48, 39)',
      ],
      'heatmap-opacity': ['interpolate', ['linear'], ['zoom'], 15, 0.9, 18, 0.35],
    },
  };
  const points: LayerSpecification = {
    id: 'scans-points',
    type: 'circle',
    source: 'scans',
    minzoom: 15,
    paint: {
      'circle-radius': ['interpolate', ['linear'], ['get', 'scans'], 1, 3, 20, 8],
      'circle-color': ['case', ['>', ['get', 'alerts'], 0], '#c92a2a', '#1f6feb'],
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 1,
    },
  };
  return [heat, points];
}

/** The scans' source and layers on an operator's style, once it has loaded. */
function addScanLayers(map: MapLibreMap, heatMap: ReportHeatMap, totalScans: number) {
  if (map.getSource('scans')) return;
  map.addSource('scans', cellsSource(heatMap));
  for (const layer of scanLayers(totalScans)) map.addLayer(layer);
}

/**
 * The plain style with the scans already in it: MapLibre's worker tiles the cells while the map
 * sets up, instead of after its style has loaded.
 */
function plainStyleWithScans(heatMap: ReportHeatMap, totalScans: number): StyleSpecification {
  return {
    ...PLAIN_MAP_STYLE,
    sources: { ...PLAIN_MAP_STYLE.sources, scans: cellsSource(heatMap) },
    layers: [...PLAIN_MAP_STYLE.layers, ...scanLayers(totalScans)],
  };
}

/** The map on `surface`; throws when the browser has no WebGL. */
function createMap(surface: HTMLElement, summary: ReportSummaryData, onDrawn: () => void): MapLibreMap {
  const { heatMap, bounds: extent, mapStyleURL: styleUrl } = summary;
  const totalScans = summary.reportDetails.totalScans;
  const bounds = reportBounds(scanBounds(extent, heatMap));
  const plainStyle = plainStyleWithScans(heatMap, totalScans);
  const map = new maplibre.Map({
    container: surface,
    style: styleUrl ?? plainStyle,
    center: bounds ? boundsCentre(bounds) : [0, 0],
    zoom: REPORT_MAP_INITIAL_ZOOM,
    attributionControl: { compact: true },
    cooperativeGestures: true,
  });
  performance.mark('report-map:created');
  // Fitted before any tile is asked for, so none is tiled for the initial zoom alone.
  if (bounds) map.fitBounds(bounds, { animate: false, padding: 0 });
  map.addControl(new maplibre.NavigationControl({ showCompass: false }), 'top-right');
  let isStyleReplaced = false;
  map.on('error', () => {
    // The operator's style is unreachable (a closed network): draw on the plain one.
    if (!isStyleReplaced && styleUrl && !map.isStyleLoaded()) {
      isStyleReplaced = true;
      map.setStyle(plainStyle);
    }
  });
  map.on('style.load', () => {
    performance.mark('report-map:style-loaded');
    addScanLayers(map, heatMap, totalScans);
    map.once('idle', () => {
      performance.mark('report-map:drawn');
      onDrawn();
    });
  });
  return map;
}

/**
 * Draws the report's heat map into `container` (part 2 section 9: initial zoom 12, bounds fitted
 * with a 0.001 degree margin): the operator's style when set; the plain one when none is set or it
 * cannot be loaded. MapLibre gets an element of its own inside `container`, which the page renders
 * empty and leaves to it.
 */
export function drawHeatMap(container: HTMLElement, summary: ReportSummaryData): HeatMapDrawing {
  // The map's steps on the page's timeline (report-map:*), which `npm run bench` reports.
  performance.mark('report-map:code-ready');
  const listeners = new Set<(state: HeatMapState) => void>();
  let state: HeatMapState = 'loading';
  const setState = (next: HeatMapState) => {
    state = next;
    for (const listener of listeners) listener(next);
  };
  const surface = document.createElement('div');
  surface.className = 'report-map__surface';
  container.append(surface);
  let map: MapLibreMap | null = null;
  try {
    map = createMap(surface, summary, () => setState('drawn'));
  } catch {
    // No WebGL: the rest of the report still works.
    state = 'unavailable';
  }
  return {
    get state() {
      return state;
    },
    onStateChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    remove() {
      listeners.clear();
      map?.remove();
      surface.remove();
    },
  };
}

/** Drawings started before the page was hydrated, by report, until the page takes them over. */
const earlyDrawings = new Map<string, { container: HTMLElement; drawing: HeatMapDrawing }>();

/** Starts drawing a server-rendered report's map before the page is hydrated (decision 164). */
export function drawEarly(reportUUID: string, container: HTMLElement, summary: ReportSummaryData): void {
  if (earlyDrawings.has(reportUUID)) return;
  earlyDrawings.set(reportUUID, { container, drawing: drawHeatMap(container, summary) });
}

/** The drawing started early for this report in this very element, handed over once; else null. */
export function takeEarlyDrawing(reportUUID: string, container: HTMLElement): HeatMapDrawing | null {
  const early = earlyDrawings.get(reportUUID);
  if (!early) return null;
  earlyDrawings.delete(reportUUID);
  if (early.container === container) return early.drawing;
  // The page rendered another element meanwhile (not hydrated as rendered): start afresh.
  early.drawing.remove();
  return null;
}
