import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectAccessible,
  expectNoPageErrors,
  launchBrowser,
  newContext,
  tenantUrl,
} from './support/browser';

/** The demo tenant's report (docs/decisions/094); the map draws on the built-in plain style. */
const DEMO_REPORT = 'a11ce5ca-2026-4c0d-9e1a-5ca11ed0d3a0';
const PLAIN_BACKGROUND = [0xee, 0xf1, 0xf5];
/** A three-scan report of the dark brand (tests/e2e/fixtures/brands.json). */
const DARK_BRAND_REPORT = 'da7c0a5e-2026-4b11-9e1a-0000000d0001';

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function openPhonePage() {
  await context?.close();
  context = await newContext(browser, { phone: true });
  page = await context.newPage();
}

/** Pixels of the map's screenshot that are not the plain background: the heat map's colours. */
async function countHeatPixels(): Promise<number> {
  const png = PNG.sync.read(await page.locator('.report-map').screenshot());
  let count = 0;
  for (let offset = 0; offset < png.data.length; offset += 4) {
    const distance = PLAIN_BACKGROUND.reduce(
      (sum, channel, index) => sum + Math.abs(channel - png.data[offset + index]!),
      0,
    );
    if (distance > 60) count += 1;
  }
  return count;
}

describe('activity report', () => {
  it('shows the totals, draws the heat map and lists the scans newest first on a phone', async () => {
    await openPhonePage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));

    await page.goto(tenantUrl('demo', `/reports/${DEMO_REPORT}`));
    await page.getByRole('heading', { name: 'Activity report' }).waitFor();
    // The totals fill in when the report's summary arrives.
    await page.getByTestId('total-scans').waitFor();
    // Node cannot resolve *.localhost: the page itself asks for what the screen should show.
    const data = await page.evaluate(
      async (id) => (await fetch(`/api/v1/reports/${id}/data`)).json(),
      DEMO_REPORT,
    );
    const total = (n: number) => n.toLocaleString('en-US');
    await expect(page.getByTestId('total-scans').textContent()).resolves.toBe(
      total(data.reportDetails.totalScans),
    );
    await expect(page.getByTestId('total-alerts').textContent()).resolves.toBe(
      total(data.reportDetails.totalAlerts),
    );
    await expect(page.getByTestId('distinct-patrollers').textContent()).resolves.toBe(
      total(data.reportDetails.distinctPatrollers),
    );
    expect(data.reportDetails.totalScans).toBeGreaterThan(1000);

    await page.locator('.report-map[data-map-state="drawn"]').waitFor({ timeout: 30_000 });
    expect(await countHeatPixels()).toBeGreaterThan(2000);
    // The server rendered the report: the map started drawing before the page was hydrated, and
    // the page took that map over rather than drawing another (decision 164).
    const mapsCreated = await page.evaluate(() => performance.getEntriesByName('report-map:created').length);
    expect(mapsCreated).toBe(1);
    await expect(page.locator('.report-map__surface').count()).resolves.toBe(1);
    // The map library came with this page, and its worker from our own origin (no blob: worker).
    expect(requested.some((url) => /heat-map-drawing-.*\.js$/.test(url))).toBe(true);
    expect(requested.some((url) => /maplibre-gl-csp-worker-.*\.js$/.test(url))).toBe(true);

    // The list reads its pages from the server (decision 155).
    const rows = page.getByTestId('scan-list').locator('li');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(25);
    await expect(rows.first().textContent()).resolves.toContain(data.reportItems[0].plate);
    await page
      .getByRole('img', { name: `Photo of plate ${data.reportItems[0].plate}` })
      .first()
      .waitFor();
    await page.getByRole('button', { name: '2', exact: true }).click();
    await page
      .getByTestId('scan-list-summary')
      .filter({ hasText: `Showing 26–50 of ${total(data.reportDetails.totalScans)}` })
      .waitFor();
    await page.locator('[data-testid="scan-list"][aria-busy="false"]').waitFor();
    await expect(rows.first().textContent()).resolves.toContain(data.reportItems[25].plate);
    // "Next" continued after the first page's last scan (keyset, decision 231).
    expect(requested.some((url) => /\/scans\?page=2&after=/.test(url))).toBe(true);

    await expectAccessible(page);
    expectNoPageErrors(page);
  });

  it('draws the map before the page is hydrated, and the page takes that map over (decision 164)', async () => {
    await openPhonePage();
    // Hydration waits for a stylesheet the route loads; the map's early start does not. Held
    // until the map is drawn, so only the early start can have drawn it.
    let releaseStyles = () => {};
    const stylesHeld = new Promise<void>((resolve) => {
      releaseStyles = resolve;
    });
    await page.route(/\/assets\/public-page-styles-[^/]*\.css$/, async (route) => {
      await stylesHeld;
      await route.continue();
    });
    // Not waiting for the load event, which waits for the held stylesheet.
    await page.goto(tenantUrl('demo', `/reports/${DEMO_REPORT}`), { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(
      () => performance.getEntriesByName('report-map:drawn').length === 1,
      undefined,
      {
        timeout: 30_000,
      },
    );
    const isHydrated = () =>
      page.evaluate(() =>
        Object.keys(document.querySelector('main') ?? {}).some((key) => key.startsWith('__reactFiber')),
      );
    expect(await isHydrated()).toBe(false);
    expect(await countHeatPixels()).toBeGreaterThan(2000);

    releaseStyles();
    await page.locator('.report-map[data-map-state="drawn"]').waitFor();
    expect(await isHydrated()).toBe(true);
    const mapsCreated = await page.evaluate(() => performance.getEntriesByName('report-map:created').length);
    expect(mapsCreated).toBe(1);
    await expect(page.locator('.report-map__surface').count()).resolves.toBe(1);
    expectNoPageErrors(page);
  });

  it('is accessible on a dark brand while loading and once drawn', async () => {
    await openPhonePage();
    await page.goto(tenantUrl('darklot', `/reports/${DARK_BRAND_REPORT}`));
    await page.getByRole('heading', { name: 'Activity report' }).waitFor();
    await expectAccessible(page);
    await expect(page.getByTestId('total-scans').textContent()).resolves.toBe('3');
    await expect(page.getByTestId('total-alerts').textContent()).resolves.toBe('1');
    await expect(page.getByTestId('distinct-patrollers').textContent()).resolves.toBe('2');
    await page.locator('.report-map[data-map-state="drawn"]').waitFor({ timeout: 30_000 });
    await page.getByTestId('scan-list').locator('li').first().waitFor();
    expect(await page.getByTestId('scan-list').locator('li').count()).toBe(3);
    await expectAccessible(page);
    expectNoPageErrors(page);
  });

  it('does not load the map library on other pages', async () => {
    await openPhonePage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(tenantUrl('demo'));
    await page.getByRole('button', { name: 'Search' }).waitFor();
    expect(requested.filter((url) => /maplibre/.test(url))).toEqual([]);
  });

  it('says plainly that an unknown report, or another tenant’s, is not available', async () => {
    await openPhonePage();
    for (const url of [
      tenantUrl('demo', '/reports/00000000-0000-4000-8000-000000000000'),
      tenantUrl('oakridge', `/reports/${DEMO_REPORT}`),
    ]) {
      await page.goto(url);
      await page.getByRole('heading', { name: 'This report is not available' }).waitFor();
      await page.getByText(/expired or was revoked/).waitFor();
      await expectAccessible(page);
    }
    expectNoPageErrors(page);
  });
});
