import { describe, expect, it } from 'vitest';
import type { BrandDetails } from '../../../shared/contract';
import { parseZoneOffsets } from '../../../shared/format';
import { renderBrandedIndex } from './brand-head';
import { pageZoneOffsets } from './page-zone-offsets';

const template =
  '<html><head><title>VPC Payment Portal</title><!--brand-head--></head><body><div id="root"><!--brand-header--></div></body></html>';

const brand = {
  brandTitle: 'Oak <Ridge>',
  brandColor: 'F2C94C',
  logoUrl: '/logo.svg',
  timezone: 'America/Chicago',
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
  it("writes the tenant zone's offsets around now for the dates the page shows (decision 173)", () => {
    const html = renderBrandedIndex(template, brand, 'n');
    const json = /<script type="application\/json" id="zone-offsets">([^<]*)<\/script>/.exec(html)?.[1];
    const table = parseZoneOffsets(JSON.parse(json ?? 'null'));
    expect(table?.zone).toBe('America/Chicago');
    const year = new Date().getUTCFullYear();
    expect(table?.from).toBe(Date.UTC(year - 5, 0, 1));
    expect(table?.until).toBe(Date.UTC(year + 3, 0, 1));
    expect(new Set(table?.offsets)).toEqual(new Set([-360, -300]));
  });

  it('uses the generic title and black on a bare host, with no zone', () => {
    const html = renderBrandedIndex(template, null, 'n');
    expect(html).toContain('<title>VPC Payment Portal</title>');
    expect(html).toContain('--brand-color:#000000;--brand-text-color:#FFFFFF;');
    expect(html).toContain('>null</script>');
    expect(html).not.toContain('zone-offsets');
  });

  it('puts a server-rendered page in the root and its assets and data at the end of the head', () => {
    // "$&" and "$'" are taken as they are, not as replacement patterns.
    const page = {
      rootHtml: "<main>Total $& due $'</main>",
      headHtml: '<link rel="modulepreload" href="/p.js">',
      isPersonal: false,
    };
    const html = renderBrandedIndex(template, brand, 'n', page);
    expect(html).toContain('<div id="root"><main>Total $& due $\'</main></div>');
    expect(html).not.toContain('class="brand-header"');
    expect(html).toMatch(/<link rel="modulepreload" href="\/p.js">\s*<\/head>/);
  });
});

describe('pageZoneOffsets', () => {
  it('reads a zone once a year and gives the same table until the year turns', () => {
    const june = Date.UTC(2031, 5, 1);
    const table = pageZoneOffsets('Europe/Paris', june);
    expect(table).not.toBeNull();
    expect(pageZoneOffsets('Europe/Paris', Date.UTC(2031, 11, 31, 23))).toBe(table);
    const next = pageZoneOffsets('Europe/Paris', Date.UTC(2032, 0, 1));
    expect(next).not.toBe(table);
    expect(next?.from).toBe(Date.UTC(2027, 0, 1));
    expect(next?.until).toBe(Date.UTC(2035, 0, 1));
  });

  it('gives no table for a zone Intl does not know: the dates are then read through Intl', () => {
    expect(pageZoneOffsets('Mars/Olympus')).toBeNull();
  });
});
