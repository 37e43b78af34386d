// Lighthouse on the pages a person opens from a notice on their windscreen (issue 14): the home
// page, the notice list, a notice and choose-a-pass — and the console's sign-in and overview
// (issue 33) — on the production build, with Lighthouse's
// default mobile preset (a mid-range phone on a slow 4G link, simulated) driving Debian's
// Chromium. Reports are kept in tests/load/results/lighthouse/ (git-ignored).
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import type pg from 'pg';
import { chromium } from 'playwright-core';
import { ensureChromium } from '../../scripts/ensure-chromium.mjs';
import { OPERATOR_EMAIL, OPERATOR_PASSWORD, signInBenchOperators } from './scenarios/console-notice-search';
import { formatTable, median } from './stats';

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
  /**
   * An operator signed in before each audit (a console page), as the sign-in page does it: the
   * sign-in call from the tenant's origin, its token stored in localStorage and its cookie kept
   * by the browser (decision 252). Lighthouse's storage reset would remove both, so for such a
   * page the browser's cache is cleared instead.
   */
  operatorSignIn?: { email: string; password: string };
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
  /** Total blocking time of each audit, in the order they ran (the figures above are medians). */
  tbtRunsMs: number[];
  /** The goals this page misses, e.g. 'performance 91 < 95'. */
  misses: string[];
  /** The report of Lighthouse's median run (nearest the medians of FCP and time to interactive). */
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
    // The console's first pages (issue 33): sign-in, and the overview as a signed-in operator sees it.
    { id: 'console-sign-in', title: 'Console sign-in', url: `${origin}/dashboard/login` },
    {
      id: 'console-overview',
      title: 'Console overview',
      url: `${origin}/dashboard`,
      operatorSignIn: await benchOperator(db, port, row.subdomain),
    },
  ];
}

/** The bench operator of `subdomain` (one of the console scenarios' operators), made if missing. */
async function benchOperator(db: pg.Client, port: number, subdomain: string) {
  const operator = (await signInBenchOperators({ db, port })).find((each) => each.subdomain === subdomain);
  if (!operator) throw new Error(`No bench operator on ${subdomain} for the console overview's audit.`);
  return { email: OPERATOR_EMAIL, password: OPERATOR_PASSWORD };
}

/**
 * Signs the operator in from the page's origin as the console's sign-in page does, and empties
 * the browser's cache, as Lighthouse's own storage reset would (it is turned off for such a page,
 * or it would sign the operator out): Lighthouse's Chromium, reached over the DevTools protocol.
 */
async function signInOperator(
  port: number,
  url: string,
  credentials: NonNullable<LighthousePage['operatorSignIn']>,
): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    const session = await context.newCDPSession(page);
    // A light page of the origin: the API's own answers forbid a page any request (their CSP).
    await page.goto(new URL('/privacy', url).href);
    await page.evaluate(async (body) => {
      const answer = await fetch('/api/v1/dashboard/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!answer.ok) throw new Error(`bench operator sign-in failed: ${answer.status}`);
      // As operator-session.ts stores it.
      window.localStorage.setItem('operatorJwt', `Bearer ${(await answer.json()).jwtToken}`);
    }, credentials);
    // After that page: the audit starts with nothing of it cached.
    await session.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    // Connected, not launched: this disconnects and leaves Lighthouse's Chromium running.
    await browser.close();
  }
}

function missedGoals(figures: Omit<LighthouseFigures, 'misses' | 'report' | 'tbtRunsMs'>): string[] {
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
async function auditWithRetry(page: LighthousePage, port: number, attempts = 3): Promise<Audit | string> {
  let problem = '';
  for (let attempt = 1; attempt <= attempts; attempt++) {
    if (page.operatorSignIn) await signInOperator(port, page.url, page.operatorSignIn);
    const outcome = await lighthouse(page.url, {
      port,
      output: 'html',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      disableStorageReset: Boolean(page.operatorSignIn),
    });
    if (!outcome) problem = 'Lighthouse returned nothing';
    else if (outcome.lhr.runtimeError) problem = outcome.lhr.runtimeError.message;
    else return outcome;
  }
  return problem;
}

/** A page's figures from one audit. */
function figuresOf(lhr: Audit['lhr']) {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const metric = (id: string) => Number(lhr.audits[id]?.numericValue ?? Number.NaN);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcpMs: Math.round(metric('largest-contentful-paint')),
    cls: Number(metric('cumulative-layout-shift').toFixed(3)),
    tbtMs: Math.round(metric('total-blocking-time')),
  };
}

/**
 * Each page asked for twice over plain HTTP before it is audited: a server in service has
 * rendered its pages before (the page modules of the server renderer are loaded by the first
 * request, and V8 has compiled the hot code), and Lighthouse should not measure a cold start.
 */
async function warmUp(pages: readonly LighthousePage[]): Promise<void> {
  for (const page of pages) {
    const url = new URL(page.url);
    for (let round = 0; round < 2; round++) {
      await new Promise<void>((resolve, reject) => {
        // Node does not resolve *.localhost names: the loopback address, with the page's Host.
        http
          .get(
            {
              host: '127.0.0.1',
              port: url.port,
              path: url.pathname + url.search,
              headers: { host: url.host },
            },
            (response) => {
              response.resume().on('end', resolve).on('error', reject);
            },
          )
          .on('error', reject);
      });
    }
  }
}

/**
 * Runs Lighthouse `runs` times on each page in one Chromium, one audit at a time, and reports each
 * figure's median (Lighthouse's own advice: one run of a page varies with the machine's moment),
 * keeping the HTML report of the median run.
 */
export async function runLighthouse(
  pages: readonly LighthousePage[],
  runs = 3,
): Promise<LighthouseFigures[]> {
  const chromePath = process.env.CHROME_PATH ?? ensureChromium();
  mkdirSync(LIGHTHOUSE_DIR, { recursive: true });
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const results: LighthouseFigures[] = [];
  try {
    await warmUp(pages);
    for (const page of pages) {
      const audits: Audit[] = [];
      let problem = '';
      for (let run = 0; run < runs; run++) {
        const outcome = await auditWithRetry(page, chrome.port);
        if (typeof outcome === 'string') problem = outcome;
        else audits.push(outcome);
      }
      if (!audits.length) {
        results.push({
          ...page,
          ...FAILED_FIGURES,
          tbtRunsMs: [],
          misses: [`not measured: ${problem}`],
          report: '',
        });
        continue;
      }
      const perRun = audits.map((audit) => figuresOf(audit.lhr));
      const middle = <K extends keyof ReturnType<typeof figuresOf>>(key: K) =>
        median(perRun.map((figures) => figures[key]));
      const figures = {
        ...page,
        performance: middle('performance'),
        accessibility: middle('accessibility'),
        bestPractices: middle('bestPractices'),
        lcpMs: Math.round(middle('lcpMs')),
        cls: middle('cls'),
        tbtMs: Math.round(middle('tbtMs')),
      };
      const medianLhr = computeMedianRun(audits.map((audit) => audit.lhr));
      const medianAudit = audits.find((audit) => audit.lhr === medianLhr) ?? audits[0]!;
      const report = path.join(LIGHTHOUSE_DIR, `${page.id}.html`);
      writeFileSync(report, String(medianAudit.report));
      writeFileSync(path.join(LIGHTHOUSE_DIR, `${page.id}.json`), JSON.stringify(medianAudit.lhr));
      results.push({
        ...figures,
        tbtRunsMs: perRun.map((run) => run.tbtMs),
        misses: [
          ...missedGoals(figures),
          ...(problem ? [`${runs - audits.length} run(s) failed: ${problem}`] : []),
        ],
        report,
      });
    }
  } finally {
    await chrome.kill();
  }
  return results;
}

/**
 * The figures (medians of the runs), each run's TBT, the goals they miss, and the previous run's
 * performance and TBT beside them (a report written before the medians has no `tbtRunsMs`).
 */
export function lighthouseTable(
  results: readonly LighthouseFigures[],
  previous: readonly Pick<LighthouseFigures, 'id' | 'performance' | 'tbtMs'>[] | null = null,
): string {
  const goals = LIGHTHOUSE_GOALS;
  return formatTable(
    [
      'Page (mobile)',
      'performance',
      'prev',
      'accessibility',
      'best practices',
      'LCP ms',
      'CLS',
      'TBT ms',
      'prev',
      'TBT of each run',
      'goals',
    ],
    [
      ...results.map((result) => {
        const before = previous?.find((candidate) => candidate.id === result.id);
        return [
          result.title,
          String(result.performance),
          before ? String(before.performance) : '',
          String(result.accessibility),
          String(result.bestPractices),
          String(result.lcpMs),
          String(result.cls),
          String(result.tbtMs),
          before ? String(before.tbtMs) : '',
          result.tbtRunsMs.join(', '),
          result.misses.length ? `missed: ${result.misses.join('; ')}` : 'met',
        ];
      }),
      [
        'goal',
        `>= ${goals.performance}`,
        '',
        String(goals.accessibility),
        `>= ${goals.bestPractices}`,
        `<= ${goals.lcpMs}`,
        `<= ${goals.cls}`,
        `<= ${goals.tbtMs}`,
        '',
        '',
        '',
      ],
    ],
  );
}
