import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { findFreePort } from '../support/free-port';

export interface RunningServer {
  name: string;
  port: number;
  pid: number | undefined;
  /** CPU seconds the server process has used so far, or null where /proc is not available. */
  cpuSeconds(): number | null;
  stop(): Promise<void>;
}

/** Linux reports utime and stime in clock ticks; 100 per second on every common kernel build. */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * CPU time, unlike wall time, barely moves when other work shares the machine, so CPU per request
 * is the figure to compare between runs on a busy box.
 */
export function readCpuSeconds(
  pid: number | undefined,
  options: { withExitedChildren?: boolean } = {},
): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may contain spaces: utime and
    // stime, then cutime and cstime (the children it has waited for after they exited).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const own = Number(fields[11]) + Number(fields[12]);
    const children = options.withExitedChildren ? Number(fields[13]) + Number(fields[14]) : 0;
    return (own + children) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/**
 * CPU seconds used so far by the backends of one database, read before and after a run: only the processes whose title names the database (`postgres: <cluster>:
 * <user> <database> <client> ...`), so other work on a shared server — another helper's tests on
 * their own databases — is not counted against the bench. A backend that exits (a pool's idle
 * connection closing) keeps the time it was last seen with, so the reading never goes backwards;
 * only what it spent after that last reading is lost, which for an idle connection is nothing.
 */
export function databaseBackendsCpu(database: string): () => number | null {
  const title = new RegExp(`^postgres: (?:[^:]+: )?\\S+ ${database} `);
  const lastSeen = new Map<number, number>();
  return () => {
    let entries: string[];
    try {
      entries = readdirSync('/proc');
    } catch {
      return null;
    }
    let found = false;
    for (const entry of entries) {
      if (!/^\d+$/.test(entry)) continue;
      let command: string;
      try {
        command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ');
      } catch {
        continue; // exited meanwhile
      }
      if (!title.test(command)) continue;
      const seconds = readCpuSeconds(Number(entry));
      if (seconds === null) continue;
      lastSeen.set(Number(entry), seconds);
      found = true;
    }
    if (!found && lastSeen.size === 0) return null;
    let total = 0;
    for (const seconds of lastSeen.values()) total += seconds;
    return total;
  };
}

/**
 * Builds dist/ for production. By default on every run: a dist/ left by the browser tests is built
 * with NODE_ENV=test (React's development build, about 40 % more JavaScript), which would skew
 * both the throughput and the asset sizes. --skip-build reuses whatever dist/ holds.
 */
export async function ensureBuilt(skipBuild: boolean, log: (line: string) => void): Promise<void> {
  const built = ['dist/server/main.js', 'dist/web/index.html', 'dist/ssr/entry-server.js'].every((file) =>
    existsSync(file),
  );
  if (skipBuild && built) return;
  log('Building the app for production (scripts/build.mjs) ...');
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const { buildAll } = await import('../../scripts/build.mjs');
    await buildAll();
  } finally {
    if (previous === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previous;
  }
}

function stopper(child: ChildProcess): () => Promise<void> {
  return async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
}

/** How long a server may take to answer; on the shared two cores under a load of 40 the portal took over a minute. */
const START_TIMEOUT_S = 180;

async function waitFor<T>(
  name: string,
  child: ChildProcess,
  output: () => string,
  probe: () => Promise<T | null>,
): Promise<T> {
  const deadline = Date.now() + START_TIMEOUT_S * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The ${name} server exited early:\n${output()}`);
    const value = await probe();
    if (value !== null) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGTERM');
  throw new Error(`The ${name} server did not start within ${START_TIMEOUT_S} s:\n${output()}`);
}

function capture(child: ChildProcess): () => string {
  let log = '';
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  return () => log;
}

/**
 * The production settings of the portal under the bench, so `npm run bench` needs none by hand:
 * a fresh sign-in key per run (nothing signed survives it), and the offline payment, mail and
 * storage adapters, which production refuses unless allowed: the bench must never charge a card
 * or send a mail.
 */
export function portalBenchEnv(options: { databaseUrl: string; port: number }): Record<string, string> {
  return {
    NODE_ENV: 'production',
    DATABASE_URL: options.databaseUrl,
    PORT: String(options.port),
    HOST: '127.0.0.1',
    PUBLIC_BASE_URL: `http://localhost:${options.port}`,
    SEED_DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    JWT_SECRET: randomBytes(32).toString('base64url'),
    PAYMENTS_PROVIDER: 'sandbox',
    ALLOW_SANDBOX_PAYMENTS: 'true',
    ALLOW_DEV_OUTBOX: 'true',
    ALLOW_LOCAL_STORAGE: 'true',
  };
}

/** Where `--cpu-prof` writes each server's profile (git-ignored, like the results). */
export const PROFILES_DIR = 'tests/load/results/profiles';

/** Node's flags for a server: a CPU profile written when it exits, if asked for. */
function profileFlags(name: string, cpuProf: boolean): string[] {
  return cpuProf
    ? ['--cpu-prof', `--cpu-prof-dir=${PROFILES_DIR}`, `--cpu-prof-name=${name}-${Date.now()}.cpuprofile`]
    : [];
}

/**
 * The real server, as `npm start` runs it in production, on the bench database. `entry` runs
 * another build of it (a copy of an earlier dist/, for a turn-about), `nodeFlags` adds flags of
 * node's own (a preloaded module).
 */
export async function startPortal(
  databaseUrl: string,
  options: { cpuProf?: boolean; env?: Record<string, string>; entry?: string; nodeFlags?: string[] } = {},
): Promise<RunningServer> {
  const port = await findFreePort();
  const child = spawn(
    process.execPath,
    [
      ...profileFlags('portal', options.cpuProf ?? false),
      ...(options.nodeFlags ?? []),
      options.entry ?? 'dist/server/main.js',
    ],
    {
      env: { ...process.env, ...portalBenchEnv({ databaseUrl, port }), ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const output = capture(child);
  await waitFor('portal', child, output, async () => {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/docs/json`);
      return response.ok ? true : null;
    } catch {
      return null;
    }
  });
  return {
    name: 'portal',
    port,
    pid: child.pid,
    cpuSeconds: () => readCpuSeconds(child.pid),
    stop: stopper(child),
  };
}

/** The bare Fastify server of tests/load/baseline-server.ts, run through tsx, on the bench database. */
export async function startBaseline(
  databaseUrl: string,
  options: { cpuProf?: boolean } = {},
): Promise<RunningServer> {
  const flags = profileFlags('baseline', options.cpuProf ?? false);
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', 'tests/load/baseline-server.ts'], {
    env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = capture(child);
  const port = await waitFor('baseline', child, output, async () => {
    const match = /\{"port":(\d+)\}/.exec(output());
    return match ? Number(match[1]) : null;
  });
  return {
    name: 'baseline',
    port,
    pid: child.pid,
    cpuSeconds: () => readCpuSeconds(child.pid),
    stop: stopper(child),
  };
}
