import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCitation, buildTenant } from '../../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import {
  BRAND_DATA_ELEMENT_ID,
  PAGE_DATA_ELEMENT_ID,
  ZONE_OFFSETS_ELEMENT_ID,
} from '../../../shared/contract/brand-element';
import { citationMessages } from '../../../shared/messages';

/**
 * Public pages arrive rendered (decision 158): the brand and the notices are in the HTML the
 * server answers, fetched through the same API as the browser's, so tenant rules hold on the
 * server too. The API projects' global setup builds the app first when it has not been.
 */
const home = buildTenant({ subdomain: 'ssr-home', brandTitle: 'Harbour Street Parking' });
const other = buildTenant({ subdomain: 'ssr-other', brandTitle: 'Elsewhere Parking' });
let t: TestApp;
let otherNoticeUuid = '';

beforeAll(async () => {
  t = await createTestApp();
  await t.seed({
    tenants: [
      { ...home, citations: [buildCitation({ citationNumber: 'HSP0001', plate: 'SSR123' })] },
      { ...other, citations: [buildCitation({ citationNumber: 'ELS0009', plate: 'SSR123' })] },
    ],
  });
  const found = await t.request('ssr-other', {
    method: 'GET',
    url: '/api/v1/portal/citation/p/blank/n/ELS0009/o/ssr-other',
  });
  otherNoticeUuid = found.json()[0].uuid;
}, 180_000);
afterAll(() => t?.close());

/** What React rendered into the page's root element, without the rest of index.html. */
function renderedRoot(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.lastIndexOf('<script type="module"');
  return html.slice(start, end === -1 || end < start ? undefined : end);
}

describe('server-rendered public pages', () => {
  it('answers the home page with the brand already rendered, and its data for the browser', async () => {
    const response = await t.request('ssr-home', { method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(renderedRoot(response.body)).toContain('Harbour Street Parking');
    expect(response.body).toContain('<script type="application/json" id="page-data">');
  });

  it("answers the notice list with the tenant's notices in the HTML, and only that tenant's", async () => {
    const response = await t.request('ssr-home', { method: 'GET', url: '/citations?plate=SSR123' });
    expect(response.statusCode).toBe(200);
    const root = renderedRoot(response.body);
    expect(root).toContain('HSP0001');
    expect(response.body).not.toContain('ELS0009');
    // The list page's chunk is preloaded with the app, after the first paint; only the styles it
    // shows block that paint.
    expect(response.body).toMatch(/"\/assets\/citations-list-page-[^"]+\.js"/);
    expect(response.body).not.toMatch(/href="\/assets\/page-styles-/);
    expect(response.body).toMatch(
      /<link rel="stylesheet" crossorigin href="\/assets\/public-page-styles-[^"]+\.css">/,
    );
  });

  it("renders another tenant's notice as not found, never its data", async () => {
    const response = await t.request('ssr-home', { method: 'GET', url: `/citations/${otherNoticeUuid}` });
    expect(response.statusCode).toBe(200);
    expect(renderedRoot(response.body)).toContain(citationMessages.noLongerValid);
    expect(response.body).not.toContain('ELS0009');
    expect(response.body).not.toContain('Elsewhere Parking');
  });

  it('renders its own notice in full', async () => {
    const found = await t.request('ssr-home', {
      method: 'GET',
      url: '/api/v1/portal/citation/p/blank/n/HSP0001/o/ssr-home',
    });
    const response = await t.request('ssr-home', {
      method: 'GET',
      url: `/citations/${found.json()[0].uuid}`,
    });
    expect(renderedRoot(response.body)).toContain(`${citationMessages.noticeHeading} HSP0001`);
  });

  it('escapes a script in the plate, in the page and in its data', async () => {
    const script = '</script><script>alert(1)</script><img src=x onerror=alert(2)>';
    const response = await t.request('ssr-home', {
      method: 'GET',
      url: `/citations?plate=${encodeURIComponent(script)}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('<script>alert(1)');
    expect(response.body).not.toContain('<img src=x');
    // Exactly the page's own scripts: the brand's, the zone's offsets (decision 173), the page
    // data's and the app's loader.
    expect(response.body.match(/<script[^>]*>/g)).toEqual([
      expect.stringContaining(`id="${BRAND_DATA_ELEMENT_ID}"`),
      expect.stringContaining(`id="${ZONE_OFFSETS_ELEMENT_ID}"`),
      expect.stringContaining(`id="${PAGE_DATA_ELEMENT_ID}"`),
      expect.stringMatching(/^<script nonce="/),
    ]);
  });

  it('leaves signed-in pages to the browser', async () => {
    const response = await t.request('ssr-home', { method: 'GET', url: '/permits/dashboard' });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('id="page-data"');
    expect(response.body).toContain('<header class="brand-header">');
  });

  it('leaves the console overview to the browser, with its chunks and styles named in the head (decision 248)', async () => {
    const response = await t.request('ssr-home', { method: 'GET', url: '/dashboard' });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('id="page-data"');
    expect(response.body).toContain('<header class="brand-header">');
    const head = response.body.slice(0, response.body.indexOf('</head>'));
    // Fetched from the head beside the entry, not once the entry has run and matched the path.
    expect(head).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/);
    for (const chunk of ['staff-routes', 'console-layout', 'overview-page']) {
      expect(head).toMatch(
        new RegExp(`<link rel="modulepreload" crossorigin href="/assets/${chunk}-[\\w-]+\\.js">`),
      );
    }
    expect(head).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/page-styles-[\w-]+\.css">/);
    // The charts load after the tiles: not competing with them.
    expect(head).not.toContain('/assets/trends-section-');
  });
});

describe("the home page's search before the app has taken over (a form the browser submits)", () => {
  const search = (host: string, term: string) =>
    t.request(host, { method: 'GET', url: `/citations?search=${encodeURIComponent(term)}` });

  it('opens the list by number when a notice has that number, by plate otherwise, as the app does', async () => {
    const byNumber = await search('ssr-home', ' hsp0001 ');
    expect(byNumber.statusCode).toBe(302);
    expect(byNumber.headers.location).toBe('/citations?citationid=HSP0001');
    const byPlate = await search('ssr-home', 'ssr 123');
    expect(byPlate.headers.location).toBe('/citations?plate=SSR123');
  });

  it("never finds another tenant's number, and sends an empty search home", async () => {
    expect((await search('ssr-home', 'ELS0009')).headers.location).toBe('/citations?plate=ELS0009');
    expect((await search('ssr-home', '   ')).headers.location).toBe('/');
  });
});
