// `npm run bench`: the portal under load on PostgreSQL with a million notices, next to a bare
// Fastify route, plus the landing page's gzipped JS and CSS. See docs/benchmarks.md.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type ComparableResult, comparisonTable } from './compare';
import { databaseForSize, datasetWithNotices, noticeCountLabel, prepareDataset } from './dataset';
import { issuingRateLine } from './issuing-rate';
import {
  type AssetSize,
  LANDING_GZIP_BUDGET_BYTES,
  measureLandingAssets,
  summariseLandingAssets,
} from './landing-assets';
import { type LighthouseFigures, lighthousePages, lighthouseTable, runLighthouse } from './lighthouse';
import { checkSample, type RunSummary, runLoad } from './measure';
import { parseBenchOptions, USAGE } from './options';
import { measurePairedRatio, type PairedRatio, type RoundSide } from './paired-ratio';
import { measurePlateReading, type PlateReadingFigures, plateReadingReport } from './plate-reading';
import { measureReplica, REPLICA_NOTICES_MAX, type ReplicaMeasurement } from './replica';
import { measureReportPage, REPORT_PAGE_GOAL_MS, type ReportPageFigures } from './report-page';
import { measureScaleOut, type ScaleOutFigures } from './scale-out';
import type { Scenario, ScenarioSummary } from './scenario';
import { selectScenarios } from './scenarios';
import { noticeLookupScenario } from './scenarios/notice-lookup';
import { databaseBackendsCpu, ensureBuilt, type RunningServer, startBaseline, startPortal } from './servers';
import { formatBytes, formatMs, formatTable } from './stats';

const RESULTS_DIR = path.resolve('tests/load/results');
/** `--only landing-assets` measures the landing page's files alone: no database, no server. */
const LANDING_ASSETS_PART = 'landing-assets';
/** `--only lighthouse` runs Lighthouse on the portal's first pages and no load scenario. */
const LIGHTHOUSE_PART = 'lighthouse';
/** `--only report-page` times the 100,000-scan report page in Chromium (issue 12). */
const REPORT_PAGE_PART = 'report-page';
/** `--only scale-out` measures the lookup through HAProxy with one and two portal processes. */
const SCALE_OUT_PART = 'scale-out';
/** `--only replica` measures the lookup with its reads on the primary and on a standby it makes. */
const REPLICA_PART = 'replica';
/** `--only plate-reading` times the patrol app's plate reader in Chromium slowed to a phone (issue 29). */
const PLATE_READING_PART = 'plate-reading';
const EXTRA_PARTS = [LIGHTHOUSE_PART, REPORT_PAGE_PART, SCALE_OUT_PART, REPLICA_PART, PLATE_READING_PART];
/** Issue 14's goal 1: the lookup's throughput against the bare baseline's, 0.8 or more. */
const LOOKUP_ID = 'notice-lookup';
const LOOKUP_BASELINE_ID = 'baseline-lookup-pg';
const PAIRED_ROUNDS = 7;
const PAIRED_SECONDS = 3;

interface ScenarioResult {
  id: string;
  title: string;
  server: Scenario['server'];
  max: RunSummary;
  fixedRate: RunSummary;
  summary?: ScenarioSummary;
}

const log = (line: string) => console.log(line);

/** CPU per request of the server and of the database under it, as every line of the bench writes it. */
function cpuPerRequest(server: number | null, database: number | null): string {
  const ms = (value: number | null) => (value === null ? '-' : `${value.toFixed(3)} ms`);
  return `CPU/req: server ${ms(server)}, database ${ms(database)}`;
}

function describeRun(summary: RunSummary): string {
  const failures = summary.non2xx + summary.errors;
  const cpu = cpuPerRequest(summary.serverCpuMsPerRequest, summary.databaseCpuMsPerRequest);
  return `${summary.requestsPerSecond} req/s, p50 ${formatMs(summary.p50)} ms, p99 ${formatMs(summary.p99)} ms, ${cpu}${
    failures ? `, ${summary.non2xx} non-2xx, ${summary.errors} errors` : ''
  }`;
}

/** One side of a turn-about round: its rate, and CPU per request of its server and the database. */
function describeSide(side: RoundSide): string {
  return `${side.requestsPerSecond} req/s (${cpuPerRequest(side.serverCpuMs, side.databaseCpuMs)})`;
}

async function measureScenario(
  scenario: Scenario,
  server: RunningServer,
  db: pg.Client,
  options: ReturnType<typeof parseBenchOptions>,
  databaseCpuSeconds: () => number | null,
): Promise<ScenarioResult> {
  const next = await scenario.prepare({ db, port: server.port });
  const problem = await checkSample(next, server.port, scenario.check);
  if (problem) throw new Error(`Scenario ${scenario.id} answers wrongly, not measuring it: ${problem}`);
  const connections = scenario.connections ?? options.connections;
  const base = {
    port: server.port,
    connections,
    serverCpuSeconds: server.cpuSeconds,
    databaseCpuSeconds,
  };
  // Not reported: lets V8 optimise and the caches fill before anything is measured.
  await runLoad(next, { ...base, duration: Math.min(3, options.duration) });
  log(`  ${scenario.id}: max throughput, ${options.duration} s ...`);
  const max = await runLoad(next, { ...base, duration: options.duration });
  log(`    ${describeRun(max)}`);
  const overallRate =
    scenario.fixedRate ?? Math.max(1, Math.round(max.requestsPerSecond * options.rateFraction));
  log(`  ${scenario.id}: fixed rate ${overallRate} req/s, ${options.duration} s ...`);
  const fixedRate = await runLoad(next, { ...base, duration: options.duration, overallRate });
  log(`    ${describeRun(fixedRate)}`);
  const summary = await scenario.summarise?.({ db, port: server.port });
  if (summary) {
    for (const [name, value] of Object.entries(summary.figures)) log(`    ${name}: ${value}`);
    if (summary.problem) log(`    PROBLEM: ${summary.problem}`);
  }
  return { id: scenario.id, title: scenario.title, server: scenario.server, max, fixedRate, summary };
}

function resultsTable(results: readonly ScenarioResult[]): string {
  return formatTable(
    [
      'Scenario',
      'max req/s',
      'p50 ms',
      'p99 ms',
      'CPU ms/req',
      'DB CPU ms/req',
      'fixed req/s',
      'p50 ms',
      'p99 ms',
      'failed',
    ],
    results.map(({ title, max, fixedRate }) => [
      title,
      String(max.requestsPerSecond),
      formatMs(max.p50),
      formatMs(max.p99),
      max.serverCpuMsPerRequest === null ? '-' : max.serverCpuMsPerRequest.toFixed(2),
      max.databaseCpuMsPerRequest === null ? '-' : max.databaseCpuMsPerRequest.toFixed(2),
      // The rate asked for, and in brackets the rate reached when the machine could not keep up.
      fixedRate.requestsPerSecond < (fixedRate.overallRate ?? 0) * 0.95
        ? `${fixedRate.overallRate} (${fixedRate.requestsPerSecond})`
        : String(fixedRate.overallRate),
      formatMs(fixedRate.p50),
      formatMs(fixedRate.p99),
      String(max.non2xx + max.errors + fixedRate.non2xx + fixedRate.errors),
    ]),
  );
}

function landingAssetsReport(assets: readonly AssetSize[]): string {
  const summary = summariseLandingAssets(assets);
  const sizes = (size: { bytes: number; gzipBytes: number; brotliBytes: number }) => [
    formatBytes(size.bytes),
    formatBytes(size.gzipBytes),
    formatBytes(size.brotliBytes),
  ];
  const table = formatTable(
    ['Asset', 'Kind', 'Raw', 'Gzipped', 'Brotli'],
    [
      ...assets.map((asset) => [asset.url, asset.kind, ...sizes(asset)]),
      ['JavaScript', '', ...sizes(summary.js)],
      ['CSS', '', ...sizes(summary.css)],
      ['Total', '', ...sizes(summary.total)],
    ],
  );
  const withinBudget = summary.total.gzipBytes <= LANDING_GZIP_BUDGET_BYTES;
  return (
    `Landing page assets (dist/web/index.html; gzip at zlib's default level, brotli at quality 11 as served):\n` +
    `${table}\n` +
    `JavaScript and CSS together: ${formatBytes(summary.total.gzipBytes)} gzipped, ` +
    `${withinBudget ? 'within' : 'OVER'} the budget of ${formatBytes(LANDING_GZIP_BUDGET_BYTES)}.`
  );
}

/** Our lookup's max req/s over the bare baseline's with the same search (issue 14: 0.8 or more). */
function lookupToBaselineRatio(results: readonly ScenarioResult[]): number | null {
  const ours = results.find((result) => result.id === LOOKUP_ID);
  const baseline = results.find((result) => result.id === LOOKUP_BASELINE_ID);
  if (!ours || !baseline || baseline.max.requestsPerSecond === 0) return null;
  return Number((ours.max.requestsPerSecond / baseline.max.requestsPerSecond).toFixed(3));
}

/** The console and report reads issue 33 wants in the same order of time as the public lookup. */
const BESIDE_LOOKUP_IDS = [
  'console-notice-search',
  'console-pass-search',
  'console-customer-search',
  'report-scans',
  'report-scans-deep',
] as const;

/**
 * Each of BESIDE_LOOKUP_IDS measured in this run against the public notice lookup: database CPU
 * per request and max req/s, each as a ratio to the lookup's (decision 231).
 */
export function besideLookupLines(results: readonly ScenarioResult[]): string[] {
  const lookup = results.find((result) => result.id === LOOKUP_ID);
  if (!lookup) return [];
  const lookupCpu = lookup.max.databaseCpuMsPerRequest;
  const lines: string[] = [];
  for (const id of BESIDE_LOOKUP_IDS) {
    const result = results.find((candidate) => candidate.id === id);
    if (!result) continue;
    const cpu = result.max.databaseCpuMsPerRequest;
    const cpuRatio = cpu !== null && lookupCpu ? ` (${(cpu / lookupCpu).toFixed(1)}× the lookup's)` : '';
    const rateRatio = lookup.max.requestsPerSecond
      ? (result.max.requestsPerSecond / lookup.max.requestsPerSecond).toFixed(2)
      : '-';
    lines.push(
      `${id} / notice-lookup: database CPU/req ${cpu === null ? '-' : `${cpu.toFixed(3)} ms`}${cpuRatio}, ` +
        `max req/s ratio ${rateRatio}.`,
    );
  }
  return lines;
}

/** The lookup with and without the replica, or why it was not measured. */
function replicaReport(replica: ReplicaMeasurement): string {
  if ('skipped' in replica) return `Notice lookup on a replica: skipped, ${replica.skipped}.`;
  const table = formatTable(
    [`Notice lookup, ${replica.figures[0]?.notices ?? 0} notices`, 'max req/s', 'p50 ms', 'p99 ms', 'failed'],
    replica.figures.map((figure) => [
      figure.reads === 'primary' ? 'every read on the primary' : 'READ_DATABASE_URL: reads on the standby',
      String(figure.requestsPerSecond),
      formatMs(figure.p50),
      formatMs(figure.p99),
      String(figure.failed),
    ]),
  );
  return `${table}\nBoth clusters share this machine's cores: the cost of the replica path, not a second server's capacity.`;
}

/** The last run on the same data-set size, if any (a file the bench wrote; unreadable is none). */
/** What the next run reads of this one (latest-*.json); older reports may lack Lighthouse. */
interface PreviousRun {
  startedAt: string;
  scenarios: ComparableResult[];
  lighthouse?: LighthouseFigures[];
}

function readPreviousRun(file: string): PreviousRun | null {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as PreviousRun;
  } catch {
    return null;
  }
}

async function main(): Promise<number> {
  const options = parseBenchOptions(process.argv.slice(2), process.env);
  if (options.help) {
    log(USAGE);
    return 0;
  }
  const scenarioIds = options.only.filter((id) => id !== LANDING_ASSETS_PART && !EXTRA_PARTS.includes(id));
  const wantsLighthouse = options.only.length === 0 || options.only.includes(LIGHTHOUSE_PART);
  const wantsReportPage = options.only.length === 0 || options.only.includes(REPORT_PAGE_PART);
  const wantsScaleOut = options.only.length === 0 || options.only.includes(SCALE_OUT_PART);
  const wantsReplica = options.only.length === 0 || options.only.includes(REPLICA_PART);
  if (options.only.length === 1 && wantsReplica) {
    // Its own clusters and data set: nothing of the main data set is needed.
    await ensureBuilt(options.skipBuild, log);
    const replica = await measureReplica({ ...options, log });
    log('');
    log(replicaReport(replica));
    return 'figures' in replica && replica.figures.some((figure) => figure.failed > 0) ? 1 : 0;
  }
  const wantsPlateReading = options.only.length === 0 || options.only.includes(PLATE_READING_PART);
  // The plate reader runs a portal of its own on PGlite: asked for alone, it needs no data set.
  if (
    wantsPlateReading &&
    options.only.length > 0 &&
    options.only.every((id) => id === PLATE_READING_PART || id === LANDING_ASSETS_PART)
  ) {
    await ensureBuilt(options.skipBuild, log);
    log('Plate reading in Chromium, slowed to a phone ...');
    for (const line of plateReadingReport(await measurePlateReading())) log(line);
    if (options.only.includes(LANDING_ASSETS_PART)) log(landingAssetsReport(measureLandingAssets()));
    return 0;
  }
  if (
    options.only.length > 0 &&
    scenarioIds.length === 0 &&
    !wantsLighthouse &&
    !wantsReportPage &&
    !wantsScaleOut
  ) {
    await ensureBuilt(options.skipBuild, log);
    log(landingAssetsReport(measureLandingAssets()));
    return 0;
  }
  const selected = options.only.length > 0 && scenarioIds.length === 0 ? [] : selectScenarios(scenarioIds);
  const startedAt = new Date();
  const loadAverageAtStart = os.loadavg();

  const shape = datasetWithNotices(options.notices);
  const database = databaseForSize(options.database, options.notices);
  const dataset = await prepareDataset({
    serverUrl: options.serverUrl,
    database,
    shape,
    fresh: options.fresh,
    log,
  });
  log(
    `Database ${database}: ${dataset.notices} notices over ${dataset.tenants} tenants ` +
      `(${dataset.reused ? 'reused' : 'generated'} in ${dataset.seconds.toFixed(1)} s).`,
  );
  await ensureBuilt(options.skipBuild, log);

  // The bench database's own backends: a shared server's other databases are not the bench's cost.
  const databaseCpuSeconds = databaseBackendsCpu(database);
  const servers: RunningServer[] = [];
  const db = new pg.Client({ connectionString: dataset.databaseUrl });
  await db.connect();
  const results: ScenarioResult[] = [];
  let lighthouseResults: LighthouseFigures[] = [];
  let reportPage: ReportPageFigures | null = null;
  let scaleOut: ScaleOutFigures[] = [];
  let replica: ReplicaMeasurement | null = null;
  let plateReading: PlateReadingFigures | null = null;
  let paired: PairedRatio | null = null;
  let postgresVersion = '';
  try {
    postgresVersion =
      (await db.query<{ version: string }>(`SELECT current_setting('server_version') AS version`)).rows[0]
        ?.version ?? '';
    const byRole: Partial<Record<Scenario['server'], RunningServer>> = {};
    if (selected.some((scenario) => scenario.server === 'baseline')) {
      byRole.baseline = await startBaseline(dataset.databaseUrl, { cpuProf: options.cpuProf });
      servers.push(byRole.baseline);
    }
    if (wantsLighthouse || wantsReportPage || selected.some((scenario) => scenario.server === 'portal')) {
      byRole.portal = await startPortal(dataset.databaseUrl, { cpuProf: options.cpuProf });
      servers.push(byRole.portal);
    }
    log(`Measuring ${selected.length} scenarios, ${options.connections} connections each:`);
    for (const scenario of selected) {
      results.push(
        await measureScenario(scenario, byRole[scenario.server]!, db, options, databaseCpuSeconds),
      );
    }
    const lookup = selected.find((scenario) => scenario.id === LOOKUP_ID);
    const lookupBaseline = selected.find((scenario) => scenario.id === LOOKUP_BASELINE_ID);
    if (lookup && lookupBaseline) {
      log(`Lookup and its baseline turn about, ${PAIRED_ROUNDS} rounds of ${PAIRED_SECONDS} s each ...`);
      const side = async (scenario: Scenario) => {
        const server = byRole[scenario.server]!;
        return {
          port: server.port,
          cpuSeconds: server.cpuSeconds,
          next: await scenario.prepare({ db, port: server.port }),
        };
      };
      paired = await measurePairedRatio(await side(lookupBaseline), await side(lookup), {
        rounds: PAIRED_ROUNDS,
        seconds: PAIRED_SECONDS,
        connections: options.connections,
        databaseCpuSeconds,
      });
      for (const round of paired.rounds)
        log(
          `    baseline ${describeSide(round.baseline)}; lookup ${describeSide(round.ours)}: ${round.ratio.toFixed(2)}`,
        );
    }
    if (wantsReportPage) {
      log('Report page (100,000 scans) in Chromium ...');
      reportPage = await measureReportPage(byRole.portal!.port);
    }
    if (wantsLighthouse) {
      log('Lighthouse (mobile preset) on the first pages ...');
      lighthouseResults = await runLighthouse(
        await lighthousePages(db, byRole.portal!.port),
        options.lighthouseRuns,
      );
    }
    // Last, with the single portal stopped: its own processes would compete for the two cores.
    for (const server of servers.splice(0)) await server.stop();
    if (wantsScaleOut) {
      log('Scale out: the notice lookup through HAProxy, one and two portal processes ...');
      scaleOut = await measureScaleOut({
        databaseUrl: dataset.databaseUrl,
        scenario: noticeLookupScenario,
        next: await noticeLookupScenario.prepare({ db }),
        duration: options.duration,
        connections: options.connections * 2,
      });
      for (const figure of scaleOut)
        log(`    ${figure.processes} process(es): ${figure.requestsPerSecond} req/s`);
    }
    if (wantsReplica) {
      log(
        `Replica: the notice lookup with its reads on the primary, then on a streaming standby ` +
          `(${Math.min(options.notices, REPLICA_NOTICES_MAX)} notices on a pair of clusters made here) ...`,
      );
      replica = await measureReplica({
        notices: options.notices,
        duration: options.duration,
        connections: options.connections,
        log,
      });
      if ('skipped' in replica) log(`    Skipped: ${replica.skipped}.`);
    }
  } finally {
    await db.end();
    for (const server of servers) await server.stop();
  }
  if (wantsPlateReading) {
    log('Plate reading in Chromium, slowed to a phone ...');
    plateReading = await measurePlateReading();
  }

  const assets = measureLandingAssets();
  const assetTotals = summariseLandingAssets(assets);

  log('');
  log(resultsTable(results));
  log('p99 of the fixed-rate run is the latency figure; max req/s is the max-throughput run.');
  const issuing = issuingRateLine(results);
  if (issuing) log(issuing);
  const ratio = lookupToBaselineRatio(results);
  if (ratio !== null) {
    log(`Notice lookup / lookup baseline (pg), max req/s: ${ratio.toFixed(2)} (goal 0.8 or more).`);
  }
  for (const line of besideLookupLines(results)) log(line);
  if (paired) {
    log(
      `The same, turn about (median of ${paired.rounds.length} pairs of ${PAIRED_SECONDS}-s runs): ` +
        `${paired.median.toFixed(2)} (goal 0.8 or more).`,
    );
    const { baseline, ours } = paired.cpu;
    log(
      `  Medians: baseline ${cpuPerRequest(baseline.server, baseline.database)}; ` +
        `lookup ${cpuPerRequest(ours.server, ours.database)}.`,
    );
  }
  const latestFile = path.join(RESULTS_DIR, `latest-${noticeCountLabel(dataset.notices)}.json`);
  const previous = readPreviousRun(latestFile);
  log('');
  log(
    previous
      ? `Against the previous run on ${noticeCountLabel(dataset.notices)} notices (${previous.startedAt}):`
      : `No previous run on ${noticeCountLabel(dataset.notices)} notices to compare with (${path.relative(process.cwd(), latestFile)}).`,
  );
  log(comparisonTable(results, previous?.scenarios ?? null));
  const busyBefore = loadAverageAtStart[0]! >= os.cpus().length;
  log(
    `Machine: ${os.cpus().length} cores; load average ${loadAverageAtStart[0]!.toFixed(1)} at the start, ` +
      `${os.loadavg()[0]!.toFixed(1)} at the end${busyBefore ? ' (at or above the core count before the bench began: other work competed)' : ''}.`,
  );
  log('');
  log(landingAssetsReport(assets));
  if (reportPage) {
    log('');
    log(
      `Report page, 100,000 scans, load and draw in Chromium: median ${reportPage.medianMs} ms ` +
        `(${reportPage.loadsMs.join(', ')} ms; goal under ${REPORT_PAGE_GOAL_MS} ms); map ${reportPage.mapState}; ` +
        (reportPage.summaryBytes === null
          ? 'the summary came in the page (server-rendered), no call of its own.'
          : `summary answer ${formatBytes(reportPage.summaryBytes)} over the wire.`),
    );
    const steps = Object.entries(reportPage.mapStepsMs).map(([step, ms]) => `${step} ${ms} ms`);
    if (steps.length) log(`Heat map steps (median, from navigation start): ${steps.join(', ')}.`);
  }
  if (scaleOut.length) {
    log('');
    log(
      formatTable(
        ['Notice lookup through HAProxy', 'max req/s', 'p50 ms', 'p99 ms', 'failed'],
        scaleOut.map((figure) => [
          `${figure.processes} portal process${figure.processes > 1 ? 'es' : ''}`,
          String(figure.requestsPerSecond),
          formatMs(figure.p50),
          formatMs(figure.p99),
          String(figure.failed),
        ]),
      ),
    );
  }
  if (replica) {
    log('');
    log(replicaReport(replica));
  }
  if (plateReading) {
    log('');
    for (const line of plateReadingReport(plateReading)) log(line);
  }
  if (lighthouseResults.length) {
    log('');
    log(`Lighthouse, the median of ${options.lighthouseRuns} audits per page:`);
    log(lighthouseTable(lighthouseResults, previous?.lighthouse ?? null));
    log(`Reports (the median run's) in tests/load/results/lighthouse/.`);
  }

  const report = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      // The machine may be shared: a high load average before the run explains noisy figures.
      loadAverageAtStart: loadAverageAtStart.map((load) => Number(load.toFixed(2))),
      loadAverageAtEnd: os.loadavg().map((load) => Number(load.toFixed(2))),
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
      postgres: postgresVersion,
    },
    dataset: {
      database,
      ...shape,
      notices: dataset.notices,
      reused: dataset.reused,
    },
    settings: {
      durationSeconds: options.duration,
      connections: options.connections,
      rateFraction: options.rateFraction,
    },
    scenarios: results,
    lookupToBaselineRatio: ratio,
    lookupToBaselinePaired: paired,
    lighthouse: lighthouseResults,
    reportPage,
    scaleOut,
    replica,
    plateReading,
    landingAssets: { files: assets, ...assetTotals.total, js: assetTotals.js, css: assetTotals.css },
  };
  mkdirSync(RESULTS_DIR, { recursive: true });
  const json = `${JSON.stringify(report, null, 2)}\n`;
  const file = path.join(RESULTS_DIR, `bench-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, json);
  writeFileSync(path.join(RESULTS_DIR, 'latest.json'), json);
  // The next run on this size compares itself with this one; a run of a few scenarios keeps the
  // previous figures of the others.
  const kept = (previous?.scenarios ?? []).filter((old) => !results.some((result) => result.id === old.id));
  const lighthouse = lighthouseResults.length ? lighthouseResults : (previous?.lighthouse ?? []);
  writeFileSync(
    latestFile,
    `${JSON.stringify({ ...report, scenarios: [...results, ...kept], lighthouse }, null, 2)}\n`,
  );
  log('');
  log(
    `Wrote ${path.relative(process.cwd(), file)}, tests/load/results/latest.json and ${path.relative(process.cwd(), latestFile)}.`,
  );

  const failed = [
    ...results.filter(
      ({ max, fixedRate, summary }) =>
        max.non2xx + max.errors + fixedRate.non2xx + fixedRate.errors || summary?.problem,
    ),
    ...scaleOut
      .filter((figure) => figure.failed > 0)
      .map((figure) => ({ id: `scale-out (${figure.processes})` })),
    ...(paired?.failed ? [{ id: 'lookup and baseline turn about' }] : []),
    ...(replica && 'figures' in replica ? replica.figures : [])
      .filter((figure) => figure.failed > 0)
      .map((figure) => ({ id: `replica (reads on the ${figure.reads})` })),
  ];
  if (failed.length) {
    console.error(`Some requests failed under load in: ${failed.map((result) => result.id).join(', ')}.`);
    return 1;
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
