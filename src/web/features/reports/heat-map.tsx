import { Box, Loader, Text } from '@mantine/core';
import type {
  GeoJSONSourceSpecification,
  LayerSpecification,
  Map as MapLibreMap,
  StyleSpecification,
} from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import type { ReportHeatMap, ReportSummaryData } from '../../../shared/contract';
import { reportMessages as m } from '../../../shared/messages/reports';
import { boundsCentre, REPORT_MAP_INITIAL_ZOOM, reportBounds } from './report-bounds';
import { PLAIN_MAP_STYLE } from './report-map-style';

type MapState = 'loading' | 'drawn' | 'unavailable';

let mapLibreLoading: Promise<typeof import('./load-maplibre')> | null = null;

/**
 * MapLibre's chunk (about 280 kB gzipped), fetched once. The report page starts it as soon as it
 * opens, so it downloads and compiles while the report's data is on its way rather than after it
 * (about a second of the 100,000-scan page's load in `npm run bench`). A failed fetch is retried
 * on the next call.
 */
export function loadMapLibre(): Promise<typeof import('./load-maplibre')> {
  mapLibreLoading ??= import('./load-maplibre').catch((error: unknown) => {
    mapLibreLoading = null;
    throw error;
  });
  return mapLibreLoading;
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
    // Tiles past zoom 15 are drawn from zoom 15's: the cells are ~11 m anyway.
    maxzoom: 15,
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

/**
 * The report's heat map (part 2 section 9: initial zoom 12, bounds fitted with a 0.001 degree
 * margin). The operator's style when set; the plain one when none is set or it cannot be loaded.
 */
export function HeatMap({ summary }: { summary: ReportSummaryData | undefined }) {
  const container = useRef<HTMLElement>(null);
  const [state, setState] = useState<MapState>('loading');

  useEffect(() => {
    // The frame and its loader show until the summary arrives.
    if (!summary) return;
    const { heatMap, bounds: extent, mapStyleURL: styleUrl } = summary;
    const totalScans = summary.reportDetails.totalScans;
    let map: MapLibreMap | null = null;
    let isCancelled = false;
    loadMapLibre()
      .then(({ default: maplibre }) => {
        if (isCancelled || !container.current) return;
        const bounds = reportBounds(extent);
        const plainStyle = plainStyleWithScans(heatMap, totalScans);
        map = new maplibre.Map({
          container: container.current,
          style: styleUrl ?? plainStyle,
          center: bounds ? boundsCentre(bounds) : [0, 0],
          zoom: REPORT_MAP_INITIAL_ZOOM,
          attributionControl: { compact: true },
          cooperativeGestures: true,
        });
        const drawn = map;
        // Fitted before any tile is asked for, so none is tiled for the initial zoom alone.
        if (bounds) drawn.fitBounds(bounds, { animate: false, padding: 0 });
        let isStyleReplaced = false;
        drawn.addControl(new maplibre.NavigationControl({ showCompass: false }), 'top-right');
        drawn.on('error', () => {
          // The operator's style is unreachable (a closed network): draw on the plain one.
          if (!isStyleReplaced && styleUrl && !drawn.isStyleLoaded()) {
            isStyleReplaced = true;
            drawn.setStyle(plainStyle);
          }
        });
        drawn.on('style.load', () => {
          addScanLayers(drawn, heatMap, totalScans);
          drawn.once('idle', () => {
            if (!isCancelled) setState('drawn');
          });
        });
      })
      .catch(() => {
        // No WebGL (or the chunk failed): the rest of the report still works.
        if (!isCancelled) setState('unavailable');
      });
    return () => {
      isCancelled = true;
      map?.remove();
    };
  }, [summary]);

  return (
    <Box className="report-map" data-map-state={state}>
      <section ref={container} className="report-map__canvas" aria-label={m.heatMap} />
      {state === 'loading' && (
        <Box className="report-map__overlay">
          <Loader size="sm" aria-label={m.mapLoading} />
        </Box>
      )}
      {state === 'unavailable' && (
        <Box className="report-map__overlay">
          <Text size="sm" ta="center" maw={280}>
            {m.mapUnavailable}
          </Text>
        </Box>
      )}
    </Box>
  );
}
