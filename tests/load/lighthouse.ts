// Lighthouse on the pages a person opens from a notice on their windscreen (issue 14): the home
// page, the notice list, a notice and choose-a-pass, on the production build, with Lighthouse's
// default mobile preset (a mid-range phone on a slow 4G link, simulated) driving Debian's
// Chromium. Reports are kept in tests/load/results/lighthouse/ (git-ignored).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type pg from 'pg';
import { ensureChromium } from '../../scripts/ensure-chromium.mjs';
import { formatTable } from './stats';

export const LIGHTHOUSE_DIR = 'tests/load/results/lighthouse';

/** Issue 14's goals, per page. */
export const LIGHTHOUSE_GOALS = {
  performance: 95,
  accessibility: 100,
  bestPractices: 95,
  lcpMs: 1_500,
  cls: 0.02,
  tbtMs: 100,
} as const;

export interface LighthousePage {
  id: string;
  title: string;
  url: string;
}

export interface LighthouseFigures {
  id: string;
  title: string;
  url: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** The goals this page misses, e.g. 'performance 91 < 95'. */
  misses: string[];
  report: string;
}

/** A tenant that shows notices and passes, one of its plates with notices, and one notice. */
export async function lighthousePages(db: pg.Client, port: number): Promise<LighthousePage[]> {
  const { rows } = await db.query<{ subdomain: string; plate: string; id: string }>(
    `SELECT t.subdomain, c.plate, c.id
     FROM tenants t JOIN citations c ON c.tenant_id = t.id
     WHERE NOT t.is_private AND NOT t.is_citation_only
       AND EXISTS (SELECT 1 FROM pass_products p WHERE p.tenant_id = t.id)
     ORDER BY t.subdomain, c.created_on DESC
     LIMIT 1`,
  );
  const row = rows[0];
  if (!row)
    throw new Error('The bench database has no public tenant with notices and passes for Lighthouse.');
  // Chromium resolves every *.localhost name to the loopback address, so the Host names the tenant.
  const origin = `http://${row.subdomain}.localhost:${port}`;
  return [
    { id: 'home', title: 'Home', url: `${origin}/` },
    {
      id: 'notice-list',
      title: 'Notice list',
      url: `${origin}/citations?plate=${encodeURIComponent(row.plate)}`,
    },
    { id: 'notice-detail', title: 'Notice detail', url: `${origin}/citations/${row.id}` },
    { id: 'choose-pass', title: 'Choose a pass', url: `${origin}/permits/choose` },
  ];
}

function missedGoals(figures: Omit<LighthouseFigures, 'misses' | 'report'>): string[] {
  const goals = LIGHTHOUSE_GOALS;
  const misses: string[] = [];
  if (figures.performance < goals.performance)
    misses.push(`performance ${figures.performance} < ${goals.performance}`);
  if (figures.accessibility < goals.accessibility)
    misses.push(`accessibility ${figures.accessibility} < ${goals.accessibility}`);
  if (figures.bestPractices < goals.bestPractices)
    misses.push(`best practices ${figures.bestPractices} < ${goals.bestPractices}`);
  if (figures.lcpMs > goals.lcpMs) misses.push(`LCP ${figures.lcpMs} ms > ${goals.lcpMs}`);
  if (figures.cls > goals.cls) misses.push(`CLS ${figures.cls} > ${goals.cls}`);
  if (figures.tbtMs > goals.tbtMs) misses.push(`TBT ${figures.tbtMs} ms > ${goals.tbtMs}`);
  return misses;
}

const FAILED_FIGURES = {
  performance: 0,
  accessibility: 0,
  bestPractices: 0,
  lcpMs: Number.NaN,
  cls: Number.NaN,
  tbtMs: Number.NaN,
};

type Audit = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;

/**
 * One page's audit. On a crowded machine Lighthouse now and then fails to record the trace
 * (NO_NAVSTART); such a page is tried twice more before it is reported as not measured.
 */
async function auditWithRetry(url: string, port: number, attempts = 3): Promise<Audit | string> {
  let problem = '';
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const outcome = await lighthouse(url, {
      port,
      output: 'html',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    });
    if (!outcome) problem = 'Lighthouse returned nothing';
    else if (outcome.lhr.runtimeError) problem = outcome.lhr.runtimeError.message;
    else return outcome;
  }
  return problem;
}

/** Runs Lighthouse on each page in one Chromium, one page at a time, and keeps each HTML report. */
export async function runLighthouse(pages: readonly LighthousePage[]): Promise<LighthouseFigures[]> {
  const chromePath = process.env.CHROME_PATH ?? ensureChromium();
  mkdirSync(LIGHTHOUSE_DIR, { recursive: true });
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const results: LighthouseFigures[] = [];
  try {
    for (const page of pages) {
      const outcome = await auditWithRetry(page.url, chrome.port);
      if (typeof outcome === 'string') {
        results.push({ ...page, ...FAILED_FIGURES, misses: [`not measured: ${outcome}`], report: '' });
        continue;
      }
      const { lhr } = outcome;
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const metric = (id: string) => Number(lhr.audits[id]?.numericValue ?? Number.NaN);
      const report = path.join(LIGHTHOUSE_DIR, `${page.id}.html`);
      writeFileSync(report, String(outcome.report));
      writeFileSync(path.join(LIGHTHOUSE_DIR, `${page.id}.json`), JSON.stringify(lhr));
      const figures = {
        ...page,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        lcpMs: Math.round(metric('largest-contentful-paint')),
        cls: Number(metric('cumulative-layout-shift').toFixed(3)),
        tbtMs: Math.round(metric('total-blocking-time')),
      };
      results.push({ ...figures, misses: missedGoals(figures), report });
    }
  } finally {
    await chrome.kill();
  }
  return results;
}

export function lighthouseTable(results: readonly LighthouseFigures[]): string {
  const goals = LIGHTHOUSE_GOALS;
  return formatTable(
    ['Page (mobile)', 'performance', 'accessibility', 'best practices', 'LCP ms', 'CLS', 'TBT ms', 'goals'],
    [
      ...results.map((result) => [
        result.title,
        String(result.performance),
        String(result.accessibility),
        String(result.bestPractices),
        String(result.lcpMs),
        String(result.cls),
        String(result.tbtMs),
        result.misses.length ? `missed: ${result.misses.join('; ')}` : 'met',
      ]),
      [
        'goal',
        `>= ${goals.performance}`,
        String(goals.accessibility),
        `>= ${goals.bestPractices}`,
        `<= ${goals.lcpMs}`,
        `<= ${goals.cls}`,
        `<= ${goals.tbtMs}`,
        '',
      ],
    ],
  );
}
