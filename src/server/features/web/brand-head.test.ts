import { describe, expect, it } from 'vitest';
import type { BrandDetails } from '../../../shared/contract';
import { renderBrandedIndex } from './brand-head';

const template =
  '<html><head><title>VPC Payment Portal</title><!--brand-head--></head><body><div id="root"><!--brand-header--></div></body></html>';

const brand = {
  brandTitle: 'Oak <Ridge>',
  brandColor: 'F2C94C',
  logoUrl: '/logo.svg',
} as BrandDetails;

describe('branded index.html', () => {
  it('writes the title, theme colour, CSS variables, logo and brand JSON for the first paint', () => {
    const html = renderBrandedIndex(template, brand, 'nonce123');
    expect(html).toContain('<title>Oak &lt;Ridge&gt; Portal</title>');
    expect(html).toContain('<meta name="theme-color" content="#F2C94C">');
    expect(html).toContain(
      '<style nonce="nonce123">:root{--brand-color:#F2C94C;--brand-text-color:#000000;}</style>',
    );
    expect(html).toContain('<img class="brand-header__logo" src="/logo.svg" alt="">');
    expect(html).not.toContain('<title>VPC Payment Portal</title>');
    // The brand JSON cannot close its script element early.
    expect(html).toContain('"brandTitle":"Oak \\u003cRidge>"');
  });
  it('uses the generic title and black on a bare host', () => {
    const html = renderBrandedIndex(template, null, 'n');
    expect(html).toContain('<title>VPC Payment Portal</title>');
    expect(html).toContain('--brand-color:#000000;--brand-text-color:#FFFFFF;');
    expect(html).toContain('>null</script>');
  });

  it('puts a server-rendered page in the root and its assets and data at the end of the head', () => {
    // "$&" and "$'" are taken as they are, not as replacement patterns.
    const page = {
      rootHtml: "<main>Total $& due $'</main>",
      headHtml: '<link rel="modulepreload" href="/p.js">',
    };
    const html = renderBrandedIndex(template, brand, 'n', page);
    expect(html).toContain('<div id="root"><main>Total $& due $\'</main></div>');
    expect(html).not.toContain('class="brand-header"');
    expect(html).toMatch(/<link rel="modulepreload" href="\/p.js">\s*<\/head>/);
  });
});
