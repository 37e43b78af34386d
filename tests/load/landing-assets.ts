import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface LandingAsset {
  kind: 'js' | 'css';
  /** As index.html names it, e.g. /assets/index-abc.js. */
  url: string;
}

export interface AssetSize extends LandingAsset {
  bytes: number;
  gzipBytes: number;
}

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

/** Sizes of the landing page's assets in dist/web, raw and gzipped (zlib's default level, as servers use). */
export function measureLandingAssets(webDir = 'dist/web'): AssetSize[] {
  const html = readFileSync(path.join(webDir, 'index.html'), 'utf8');
  return parseLandingAssets(html).map((asset) => {
    const content = readFileSync(path.join(webDir, asset.url.split(/[?#]/)[0]!.replace(/^\//, '')));
    return { ...asset, bytes: content.length, gzipBytes: gzipSync(content).length };
  });
}
