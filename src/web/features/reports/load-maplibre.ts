import * as maplibreModule from 'maplibre-gl/dist/maplibre-gl-csp.js';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-csp-worker.js?url';
import 'maplibre-gl/dist/maplibre-gl.css';

type MapLibre = typeof import('maplibre-gl');

/**
 * MapLibre, loaded only by the report's map (this module is its own chunk). The CSP build runs
 * its worker from a file served by our own origin, which `default-src 'self'` already allows:
 * the default build would need `worker-src blob:` (decision 124).
 */
const maplibre: MapLibre =
  (maplibreModule as unknown as { default?: MapLibre }).default ?? (maplibreModule as unknown as MapLibre);
maplibre.setWorkerUrl(workerUrl);
// The worker downloads and starts now, beside the report's summary, rather than when the map is
// created (about a second of the 100,000-scan page's load under load in `npm run bench`).
maplibre.prewarm();

export default maplibre;
