import { describe, expect, it } from 'vitest';
import { appLoader, appTags, pageAssets } from './page-renderer';

// A manifest shaped like Vite's: a page chunk importing shared chunks, one of them the entry's.
const manifest = {
  'index.html': { file: 'assets/index-A.js', imports: ['_react-R.js'], css: ['assets/index-A.css'] },
  '_react-R.js': { file: 'assets/react-R.js' },
  '_table-T.js': {
    file: 'assets/table-T.js',
    imports: ['_react-R.js', 'index.html'],
    css: ['assets/table-T.css'],
  },
  'features/list-page.tsx': { file: 'assets/list-page-L.js', imports: ['_table-T.js', 'index.html'] },
  'app/page-styles.ts': { file: 'assets/page-styles-S.css' },
};
const template = `<script type="module" crossorigin src="/assets/index-A.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react-R.js">
<link rel="stylesheet" crossorigin href="/assets/index-A.css">`;

describe('pageAssets', () => {
  it("lists a page's chunks and styles with what they import, leaving out what index.html loads", () => {
    expect(pageAssets(manifest, ['features/list-page.tsx', 'app/page-styles.ts'], template)).toEqual({
      scripts: ['assets/list-page-L.js', 'assets/table-T.js'],
      styles: ['assets/table-T.css', 'assets/page-styles-S.css'],
    });
  });

  it('ignores a module the manifest does not know (a renamed page only loses its preload)', () => {
    expect(pageAssets(manifest, ['features/gone.tsx'], template)).toEqual({ scripts: [], styles: [] });
  });
});

describe('how a rendered page loads the app', () => {
  const scripts = {
    entry: '/assets/index-A.js',
    libraries: ['/assets/react-R.js', '/assets/vendor-V.js'],
    pageChunks: ['/assets/report-P.js'],
  };

  it('after the first paint: preloads every chunk a few per task, evaluates the libraries one per task, then the entry', () => {
    const html = appLoader(scripts, 'n0nce');
    expect(html).toMatch(/^<script nonce="n0nce">requestAnimationFrame\(/);
    expect(html).toContain('const chunks=["/assets/react-R.js","/assets/vendor-V.js","/assets/report-P.js"]');
    expect(html).toContain('for(const href of chunks.slice(start,start+8))');
    expect(html).toContain(
      'for(const href of ["/assets/react-R.js","/assets/vendor-V.js"]){await import(href);await next()}',
    );
    expect(html.indexOf('await import(href)')).toBeLessThan(html.indexOf('import("/assets/index-A.js")'));
    expect(html).not.toContain('type="module"');
  });

  it('at once: the entry as a module script and every chunk as a module preload, in the head', () => {
    expect(
      appTags(scripts)
        .split('\n')
        .map((line) => line.trim()),
    ).toEqual([
      '<script type="module" crossorigin src="/assets/index-A.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/react-R.js">',
      '<link rel="modulepreload" crossorigin href="/assets/vendor-V.js">',
      '<link rel="modulepreload" crossorigin href="/assets/report-P.js">',
    ]);
  });
});
