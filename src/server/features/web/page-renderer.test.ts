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
  // A library only pages use, and a chunk of ours that imports it but not the entry.
  '_zod-Z.js': { file: 'assets/zod-Z.js', imports: ['_react-R.js'] },
  '_money-M.js': { file: 'assets/money-M.js', imports: ['_zod-Z.js'] },
  'features/form-page.tsx': {
    file: 'assets/form-page-F.js',
    imports: ['_money-M.js', '_table-T.js', 'index.html'],
  },
};
const template = `<script type="module" crossorigin src="/assets/index-A.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react-R.js">
<link rel="stylesheet" crossorigin href="/assets/index-A.css">`;

describe('pageAssets', () => {
  it("lists a page's chunks and styles with what they import, leaving out what index.html loads", () => {
    expect(pageAssets(manifest, ['features/list-page.tsx', 'app/page-styles.ts'], template)).toEqual({
      scripts: ['assets/list-page-L.js', 'assets/table-T.js'],
      styles: ['assets/table-T.css', 'assets/page-styles-S.css'],
      independent: [],
    });
  });

  it('names the chunks that do not import the entry, dependencies first', () => {
    expect(pageAssets(manifest, ['features/form-page.tsx'], template)).toEqual({
      scripts: ['assets/form-page-F.js', 'assets/money-M.js', 'assets/zod-Z.js', 'assets/table-T.js'],
      styles: ['assets/table-T.css'],
      independent: ['assets/zod-Z.js', 'assets/money-M.js'],
    });
  });

  it('never names a chunk whose import cycle leads to the entry', () => {
    const cyclic = {
      ...manifest,
      '_a-A.js': { file: 'assets/a-A.js', imports: ['_b-B.js', 'index.html'] },
      '_b-B.js': { file: 'assets/b-B.js', imports: ['_a-A.js'] },
      'features/cycle-page.tsx': { file: 'assets/cycle-page-C.js', imports: ['_a-A.js', '_zod-Z.js'] },
    };
    expect(pageAssets(cyclic, ['features/cycle-page.tsx'], template).independent).toEqual([
      'assets/zod-Z.js',
    ]);
  });

  it('ignores a module the manifest does not know (a renamed page only loses its preload)', () => {
    expect(pageAssets(manifest, ['features/gone.tsx'], template)).toEqual({
      scripts: [],
      styles: [],
      independent: [],
    });
  });
});

describe('how a rendered page loads the app', () => {
  const scripts = {
    entry: '/assets/index-A.js',
    libraries: ['/assets/react-R.js', '/assets/vendor-V.js'],
    pageChunks: ['/assets/report-P.js', '/assets/zod-Z.js'],
    independentChunks: ['/assets/zod-Z.js'],
  };

  it('after the first paint: preloads every chunk a few per task, evaluates the libraries and the independent chunks one per task, then the entry', () => {
    const html = appLoader(scripts, 'n0nce');
    expect(html).toMatch(/^<script nonce="n0nce">requestAnimationFrame\(/);
    expect(html).toContain(
      'const chunks=["/assets/react-R.js","/assets/vendor-V.js","/assets/report-P.js","/assets/zod-Z.js"]',
    );
    expect(html).toContain('for(const href of chunks.slice(start,start+4))');
    expect(html).toContain(
      'for(const href of ["/assets/react-R.js","/assets/vendor-V.js","/assets/zod-Z.js"]){await import(href);await next()}',
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
      '<link rel="modulepreload" crossorigin href="/assets/zod-Z.js">',
    ]);
  });
});
