// The activity report page over the bench's 100,000-scan report, opened in Debian's Chromium:
// from navigation to the heat map drawn (MapLibre's first 'idle' after the scan layers were
// added, which the page marks as data-map-state="drawn") and the scan list shown. Issue 12 asks
// for under 1.5 s on this machine.
//
// Timed by the page's own clock (performance.now(), from navigation start): the list at the first
// frame it is in the page, the map when MapLibre marks it drawn. Playwright's waitForSelector polls
// at widening intervals up to 500 ms, which measured up to half a second after the map was drawn.
import { chromium, type Page } from 'playwright-core';
import { ensureChromium } from '../../scripts/ensure-chromium.mjs';
import { BENCH_REPORT_ID } from './dataset';
import { median } from './stats';

export const REPORT_PAGE_GOAL_MS = 1_500;

export interface ReportPageFigures {
  url: string;
  /** Each load's milliseconds from navigation start to the map drawn and the list shown. */
  loadsMs: number[];
  medianMs: number;
  /** How the map ended: 'drawn', or 'unavailable' when Chromium had no WebGL. */
  mapState: string;
  /** The median time of each step the heat map marks (report-map:*), from navigation start. */
  mapStepsMs: Record<string, number>;
  /**
   * Bytes of the report summary answer as sent (compressed when the server compresses); null when
   * the page made no such call (the server rendered the page with the summary in it).
   */
  summaryBytes: number | null;
}

/** The page's clock (ms from navigation start) at the first frame where `selector` matches. */
async function firstFrameWith(page: Page, selector: string): Promise<number> {
  const seen = await page.waitForFunction(
    (wanted) => (document.querySelector(wanted) ? performance.now() : false),
    selector,
    { polling: 'raf', timeout: 60_000 },
  );
  return (await seen.jsonValue()) as number;
}

/** Opens the report page `loads` times (a fresh page each time, warm server) and times each load. */
export async function measureReportPage(port: number, loads = 7): Promise<ReportPageFigures> {
  const url = `http://t0001.localhost:${port}/reports/${BENCH_REPORT_ID}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? ensureChromium(),
    headless: true,
    // SwiftShader stands in for a GPU so MapLibre can draw its WebGL heat map headless; the page
    // is composited in software, as Chromium does on a machine without a GPU. Composited on
    // SwiftShader instead, headless Chromium reads every frame back to the CPU: its GPU process
    // was ~80% busy with that, and each of WebGL's synchronous calls waited ~20 ms for it (the
    // map's creation took 270 ms instead of 45 ms). See docs/benchmarks.md.
    args: [
      '--no-sandbox',
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
      '--disable-gpu-compositing',
      '--no-first-run',
    ],
  });
  const loadsMs: number[] = [];
  let mapState = 'unknown';
  let summaryBytes: number | null = null;
  const stepTimes: Record<string, number[]> = {};
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
      await page.goto(url, { waitUntil: 'commit' });
      const listSeenMs = await firstFrameWith(page, '[data-testid="scan-list"]');
      const mapSettledMs = await firstFrameWith(
        page,
        '[data-map-state="drawn"], [data-map-state="unavailable"]',
      );
      mapState = (await page.getAttribute('[data-map-state]', 'data-map-state')) ?? 'unknown';
      const steps = await page.evaluate(() =>
        performance
          .getEntriesByType('mark')
          .filter((mark) => mark.name.startsWith('report-map:'))
          .map((mark) => [mark.name.slice('report-map:'.length), mark.startTime] as const),
      );
      // The map is drawn when MapLibre is first idle with the scans (every tile drawn), which the
      // page marks; the attribute the page sets then follows with React's next render.
      const drawnMs = steps.find(([step]) => step === 'drawn')?.[1] ?? mapSettledMs;
      const elapsed = Math.max(listSeenMs, drawnMs);
      // The first load fills the server's and the browser's caches of the code: not counted.
      if (load > 0) {
        loadsMs.push(Math.round(elapsed));
        for (const [step, ms] of steps) stepTimes[step] = [...(stepTimes[step] ?? []), ms];
      }
      await page.close();
    }
  } finally {
    await browser.close();
  }
  const roundedMedian = (values: number[]) => Math.round(median(values));
  const mapStepsMs = Object.fromEntries(
    Object.entries(stepTimes).map(([step, times]) => [step, roundedMedian(times)]),
  );
  return { url, loadsMs, medianMs: roundedMedian(loadsMs), mapState, mapStepsMs, summaryBytes };
}
