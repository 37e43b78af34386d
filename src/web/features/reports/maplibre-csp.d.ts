// MapLibre's CSP build: the same API as 'maplibre-gl', with its worker loaded from a URL of ours
// instead of a blob (so the page's Content-Security-Policy needs no worker-src blob:).
declare module 'maplibre-gl/dist/maplibre-gl-csp.js' {
  export * from 'maplibre-gl';
}
