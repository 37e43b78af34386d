import type { StyleSpecification } from 'maplibre-gl';

/**
 * The map's style when the operator set none (MAP_STYLE_URL): a plain background, drawn without
 * any network, so the heat map works on a closed network too.
 */
export const PLAIN_MAP_STYLE: StyleSpecification = {
  version: 8,
  sources: {},
  layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#eef1f5' } }],
};
