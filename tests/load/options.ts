import { parseArgs } from 'node:util';

export interface BenchOptions {
  /** PostgreSQL server (any database on it); the bench database is created beside it. */
  serverUrl: string;
  database: string;
  /** Notices in the data set (10,000 / 1,000,000 / 10,000,000); each size has its own database. */
  notices: number;
  fresh: boolean;
  /** Reuse an existing dist/ instead of building it (it is built when missing). */
  skipBuild: boolean;
  /** Seconds of each max-throughput run and of each fixed-rate run. */
  duration: number;
  connections: number;
  /** The fixed-rate run's rate as a fraction of the max run's requests per second. */
  rateFraction: number;
  /** Scenario ids to run, and 'landing-assets' for the asset sizes alone; empty for all. */
  only: string[];
  /** Lighthouse audits per page; the figures are their medians. */
  lighthouseRuns: number;
  /** Write a V8 CPU profile of each server (node --cpu-prof) to tests/load/results/profiles. */
  cpuProf: boolean;
  help: boolean;
}

export const USAGE = `Usage: npm run bench -- [--help] [--fresh] [--skip-build] [--duration S] [--connections N]
                        [--rate-fraction F] [--only id,id] [--database NAME] [--cpu-prof]
                        [--notices 10000|1000000|10000000] [--lighthouse-runs N]
       --only landing-assets: only build and measure the landing page's JavaScript and CSS
       --only replica: only the notice lookup with its reads on the primary and on a standby made here
       --only plate-reading: only the patrol app's plate reader in Chromium slowed to a phone
                             (a portal of its own on PGlite: no PostgreSQL needed)
       --lighthouse-runs: audits per page, the median reported (default 3)
       --cpu-prof: profile each server (tests/load/results/profiles; read with tests/load/profile-summary.ts)
Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
             BENCH_DATABASE, BENCH_NOTICES, BENCH_DURATION, BENCH_CONNECTIONS, BENCH_RATE_FRACTION,
             BENCH_LIGHTHOUSE_RUNS`;

function positiveNumber(name: string, raw: string, integer: boolean): number {
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value))) {
    throw new Error(`${name} must be a positive ${integer ? 'integer' : 'number'}, got '${raw}'.\n${USAGE}`);
  }
  return value;
}

function parseFlags(argv: string[]) {
  try {
    return parseArgs({ args: argv, options: flagSpec, allowPositionals: false, strict: true }).values;
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${USAGE}`);
  }
}

const flagSpec = {
  help: { type: 'boolean' },
  fresh: { type: 'boolean' },
  'skip-build': { type: 'boolean' },
  'cpu-prof': { type: 'boolean' },
  duration: { type: 'string' },
  connections: { type: 'string' },
  'rate-fraction': { type: 'string' },
  only: { type: 'string' },
  database: { type: 'string' },
  notices: { type: 'string' },
  'lighthouse-runs': { type: 'string' },
} as const;

/** Flags win over environment variables, which win over the defaults. */
export function parseBenchOptions(argv: string[], env: Record<string, string | undefined>): BenchOptions {
  const flags = parseFlags(argv);
  const database = flags.database ?? env.BENCH_DATABASE ?? 'portal_bench';
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(database)) {
    throw new Error(`The bench database name must be a plain lower-case identifier, got '${database}'.`);
  }
  const rateFraction = positiveNumber(
    'rate-fraction',
    flags['rate-fraction'] ?? env.BENCH_RATE_FRACTION ?? '0.5',
    false,
  );
  if (rateFraction >= 1) throw new Error(`rate-fraction must be below 1, got ${rateFraction}.\n${USAGE}`);
  return {
    serverUrl: env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
    database,
    notices: positiveNumber('notices', flags.notices ?? env.BENCH_NOTICES ?? '1000000', true),
    help: flags.help ?? false,
    fresh: flags.fresh ?? false,
    skipBuild: flags['skip-build'] ?? false,
    cpuProf: flags['cpu-prof'] ?? false,
    duration: positiveNumber('duration', flags.duration ?? env.BENCH_DURATION ?? '10', true),
    connections: positiveNumber('connections', flags.connections ?? env.BENCH_CONNECTIONS ?? '10', true),
    rateFraction,
    lighthouseRuns: positiveNumber(
      'lighthouse-runs',
      flags['lighthouse-runs'] ?? env.BENCH_LIGHTHOUSE_RUNS ?? '3',
      true,
    ),
    only: (flags.only ?? '')
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean),
  };
}
