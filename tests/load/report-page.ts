// The activity report page over the bench's 100,000-scan report, opened in Debian's Chromium:
// from navigation to the heat map drawn (MapLibre's first 'idle' after the scan layers were
// added, which the page marks as data-map-state="drawn") and the scan list shown. Issue 12 asks
// for under 1.5 s on this machine.
import { chromium } from 'playwright-core';
import { ensureChromium } from '../../scripts/ensure-chromium.mjs';
import { BENCH_REPORT_ID } from './dataset';
import { percentile } from './stats';

export const REPORT_PAGE_GOAL_MS = 1_500;

export interface ReportPageFigures {
  url: string;
  /** Each load's milliseconds from navigation start to the map drawn and the list shown. */
  loadsMs: number[];
  medianMs: number;
  /** How the map ended: 'drawn', or 'unavailable' when Chromium had no WebGL. */
  mapState: string;
  /**
   * Bytes of the report summary answer as sent (compressed when the server compresses); null when
   * the page made no such call (the server rendered the page with the summary in it).
   */
  summaryBytes: number | null;
}

/** Opens the report page `loads` times (a fresh page each time, warm server) and times each load. */
export async function measureReportPage(port: number, loads = 3): Promise<ReportPageFigures> {
  const url = `http://t0001.localhost:${port}/reports/${BENCH_REPORT_ID}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? ensureChromium(),
    headless: true,
    // SwiftShader stands in for a GPU so MapLibre can draw its WebGL heat map headless.
    args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--no-first-run'],
  });
  const loadsMs: number[] = [];
  let mapState = 'unknown';
  let summaryBytes: number | null = null;
  try {
    for (let load = 0; load <= loads; load++) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      page.on('response', async (response) => {
        if (!response.url().includes(`/reports/${BENCH_REPORT_ID}/summary`)) return;
        const sizes = await response
          .request()
          .sizes()
          .catch(() => null);
        if (sizes) summaryBytes = sizes.responseBodySize;
      });
      const started = performance.now();
      await page.goto(url, { waitUntil: 'commit' });
      await page.waitForSelector('[data-map-state="drawn"], [data-map-state="unavailable"]', {
        timeout: 60_000,
      });
      await page.waitForSelector('[data-testid="scan-list"]', { timeout: 60_000 });
      const elapsed = performance.now() - started;
      mapState = (await page.getAttribute('[data-map-state]', 'data-map-state')) ?? 'unknown';
      // The first load fills the server's and the browser's caches of the code: not counted.
      if (load > 0) loadsMs.push(Math.round(elapsed));
      await page.close();
    }
  } finally {
    await browser.close();
  }
  const sorted = Float64Array.from(loadsMs).sort();
  return { url, loadsMs, medianMs: percentile(sorted, 50), mapState, summaryBytes };
}
