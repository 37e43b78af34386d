import * as maplibreModule from 'maplibre-gl/dist/maplibre-gl-csp.js';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-csp-worker.js?url';
import 'maplibre-gl/dist/maplibre-gl.css';

type MapLibre = typeof import('maplibre-gl');

/**
 * MapLibre, loaded only by the report's map (in the chunk of heat-map-drawing.ts). The CSP build runs
 * its worker from a file served by our own origin, which `default-src 'self'` already allows:
 * the default build would need `worker-src blob:` (decision 124).
 */
const maplibre: MapLibre =
  (maplibreModule as unknown as { default?: MapLibre }).default ?? (maplibreModule as unknown as MapLibre);
maplibre.setWorkerUrl(workerUrl);
// The worker downloads and starts now, rather than when the map is created: messages posted to a
// worker that is still starting wait for the page's main thread, which the map's first frame
// holds (about 150 ms of the 100,000-scan page in `npm run bench`).
maplibre.prewarm();

export default maplibre;
