import { BRAND_DATA_ELEMENT_ID, type BrandDetails } from '../../../shared/contract';
import { ZONE_OFFSETS_ELEMENT_ID } from '../../../shared/contract/brand-element';
import { escapeHtml, jsonForScript } from '../../../shared/format/html';
import { portalTitle } from '../../../shared/messages';
import { DEFAULT_BRAND_COLOR, textColorFor } from '../../../shared/rules';
import type { ServerRenderedPage } from './page-renderer';
import { pageZoneOffsets } from './page-zone-offsets';

/**
 * What the server writes into index.html for one tenant, so the first paint is already branded:
 * the title, theme colour, brand CSS variables, a header placeholder with logo and title that
 * React replaces, and the brand itself as inert JSON that the app starts from, with its time
 * zone's offsets (decision 173). A page the server rendered (decision 158) takes the
 * placeholder's place, with its assets and data in the head.
 */
export function renderBrandedIndex(
  template: string,
  brand: BrandDetails | null,
  styleNonce: string,
  page: ServerRenderedPage | null = null,
): string {
  const title = portalTitle(brand?.brandTitle);
  const color = brand?.brandColor ?? DEFAULT_BRAND_COLOR;
  const textColor = textColorFor(color);
  const zoneOffsets = brand ? pageZoneOffsets(brand.timezone) : null;
  const head = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="theme-color" content="#${color}">`,
    `<meta name="csp-nonce" content="${styleNonce}">`,
    `<style nonce="${styleNonce}">:root{--brand-color:#${color};--brand-text-color:#${textColor};}</style>`,
    brand?.logoUrl ? `<link rel="preload" as="image" href="${escapeHtml(brand.logoUrl)}">` : '',
    `<script type="application/json" id="${BRAND_DATA_ELEMENT_ID}">${jsonForScript(brand)}</script>`,
    zoneOffsets
      ? `<script type="application/json" id="${ZONE_OFFSETS_ELEMENT_ID}">${jsonForScript(zoneOffsets)}</script>`
      : '',
  ].join('\n    ');
  const logo = brand?.logoUrl
    ? `<img class="brand-header__logo" src="${escapeHtml(brand.logoUrl)}" alt="">`
    : '';
  const headerPlaceholder = `<header class="brand-header">${logo}<span class="brand-header__title">${escapeHtml(title)}</span></header>`;
  return (
    (page ? withoutAppScripts(template) : template)
      .replace(/<title>[^<]*<\/title>/, '')
      .replace('<!--brand-head-->', head)
      .replace('<!--brand-header-->', () => page?.rootHtml ?? headerPlaceholder)
      // After the entry's own stylesheet, where the page's styles would have been appended.
      .replace('</head>', () => (page ? `  ${page.headHtml}\n  </head>` : '</head>'))
  );
}

/**
 * index.html without the app's module script and preloads: a page the server rendered loads them
 * as the page asks, after its first paint or at once with its own chunks (appLoadingHtml in
 * page-renderer.ts, decision 158).
 */
export function withoutAppScripts(html: string): string {
  return html
    .replace(/\s*<script type="module" crossorigin src="[^"]+"><\/script>/g, '')
    .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '');
}
