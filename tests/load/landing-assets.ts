import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export interface LandingAsset {
  kind: 'js' | 'css';
  /** As index.html names it, e.g. /assets/index-abc.js. */
  url: string;
}

export interface AssetSize extends LandingAsset {
  bytes: number;
  gzipBytes: number;
  brotliBytes: number;
}

export type AssetTotals = Pick<AssetSize, 'bytes' | 'gzipBytes' | 'brotliBytes'>;

/** The landing page's budget for JavaScript and CSS together, gzipped (issue 14). */
export const LANDING_GZIP_BUDGET_BYTES = 150 * 1024;

function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3] ?? '') : null;
}

/**
 * The JavaScript and CSS a page loads up front, from its HTML: script tags with a src, and link
 * tags whose rel is stylesheet or modulepreload. Same-origin paths only; each once, in page order.
 */
export function parseLandingAssets(html: string): LandingAsset[] {
  const assets: LandingAsset[] = [];
  const seen = new Set<string>();
  const add = (kind: LandingAsset['kind'], url: string | null) => {
    if (!url || /^(?:[a-z]+:)?\/\//i.test(url) || seen.has(url)) return;
    seen.add(url);
    assets.push({ kind, url });
  };
  const withoutComments = html.replace(/<!--[\s\S]*?-->/g, '');
  for (const match of withoutComments.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const tag = match[0];
    if (match[1]!.toLowerCase() === 'script') {
      add('js', attribute(tag, 'src'));
      continue;
    }
    const rel = (attribute(tag, 'rel') ?? '').toLowerCase().split(/\s+/);
    if (rel.includes('stylesheet')) add('css', attribute(tag, 'href'));
    else if (rel.includes('modulepreload')) add('js', attribute(tag, 'href'));
  }
  return assets;
}

/**
 * Sizes of the landing page's assets in dist/web: raw, gzipped at zlib's default level (what a
 * server compressing on the fly sends, and the figure the budget is set in) and brotli at quality
 * 11 (what the portal sends to browsers, precompressed by the build).
 */
export function measureLandingAssets(webDir = 'dist/web'): AssetSize[] {
  const html = readFileSync(path.join(webDir, 'index.html'), 'utf8');
  return parseLandingAssets(html).map((asset) => {
    const content = readFileSync(path.join(webDir, asset.url.split(/[?#]/)[0]!.replace(/^\//, '')));
    return {
      ...asset,
      bytes: content.length,
      gzipBytes: gzipSync(content).length,
      brotliBytes: brotliCompressSync(content, {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
      }).length,
    };
  });
}

/** Sums of the given assets' sizes. */
export function totalAssetSizes(assets: readonly AssetTotals[]): AssetTotals {
  return {
    bytes: assets.reduce((sum, asset) => sum + asset.bytes, 0),
    gzipBytes: assets.reduce((sum, asset) => sum + asset.gzipBytes, 0),
    brotliBytes: assets.reduce((sum, asset) => sum + asset.brotliBytes, 0),
  };
}

/** JavaScript, CSS and both together, as the bench reports them. */
export function summariseLandingAssets(assets: readonly AssetSize[]) {
  return {
    js: totalAssetSizes(assets.filter((asset) => asset.kind === 'js')),
    css: totalAssetSizes(assets.filter((asset) => asset.kind === 'css')),
    total: totalAssetSizes(assets),
  };
}
