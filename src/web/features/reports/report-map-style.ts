import type { StyleSpecification } from 'maplibre-gl';

/**
 * The map's style when the operator set none (MAP_STYLE_URL): nothing but the scans, drawn without
 * any network, so the heat map works on a closed network too. The plain background is the map
 * frame's own (reports.css): MapLibre's canvas is transparent, and a background layer would cost
 * one more WebGL program to compile before the first frame (about 50 ms without a GPU).
 */
export const PLAIN_MAP_STYLE: StyleSpecification = { version: 8, sources: {}, layers: [] };
