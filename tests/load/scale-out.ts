// Scale out on one box (issue 14): the notice lookup through HAProxy (Debian's package, installed
// like Chromium for the tests) in front of one and then two portal processes, on one PostgreSQL
// and one Redis. The processes share what a cluster shares in production: the database, the
// sign-in key (a token signed by one is valid on the other) and the rate-limit store (Redis).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureDebianPackage } from '../../scripts/ensure-debian-package.mjs';
import { ensureRedisServer } from '../../scripts/ensure-redis.mjs';
import { findFreePort } from '../support/free-port';
import { startRedisServer } from '../support/redis-server';
import { checkSample, type RunSummary, runLoad } from './measure';
import type { Scenario } from './scenario';
import { type RunningServer, startPortal } from './servers';

export interface ScaleOutFigures {
  processes: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failed: number;
}

const HAPROXY_PATH = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';

/** HTTP keep-alive on both sides, round robin, and nothing else: the balancer should not be the limit. */
export function haproxyConfig(port: number, backends: readonly number[]): string {
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  option http-keep-alive',
    '  timeout connect 5s',
    '  timeout client 60s',
    '  timeout server 60s',
    'frontend portal',
    `  bind 127.0.0.1:${port}`,
    '  default_backend portals',
    'backend portals',
    '  balance roundrobin',
    ...backends.map((backend, index) => `  server portal${index + 1} 127.0.0.1:${backend}`),
    '',
  ].join('\n');
}

async function startHaproxy(backends: readonly number[]): Promise<{ port: number; stop(): Promise<void> }> {
  ensureDebianPackage({
    binary: HAPROXY_PATH,
    packageName: 'haproxy',
    label: 'HAProxy',
    hint: 'set HAPROXY_PATH',
  });
  const port = await findFreePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-haproxy-'));
  const file = path.join(dir, 'haproxy.cfg');
  writeFileSync(file, haproxyConfig(port, backends));
  const child: ChildProcess = spawn(HAPROXY_PATH, ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stderr?.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`HAProxy exited:\n${output}`);
    const ready = await fetch(`http://127.0.0.1:${port}/api/docs/json`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    port,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The scenario's max-throughput run through HAProxy with one portal process, then with two
 * (each after a warm-up). Every process is a full portal with its workers running, as in
 * production: the mail and renewal workers claim work with FOR UPDATE SKIP LOCKED leases.
 */
export async function measureScaleOut(options: {
  databaseUrl: string;
  scenario: Scenario;
  next: Parameters<typeof runLoad>[0];
  duration: number;
  connections: number;
  processCounts?: readonly number[];
}): Promise<ScaleOutFigures[]> {
  ensureRedisServer();
  const redis = await startRedisServer();
  const sharedEnv = {
    REDIS_URL: redis.url,
    JWT_SECRET: randomBytes(32).toString('base64url'),
    TRUST_PROXY: '1',
  };
  const figures: ScaleOutFigures[] = [];
  try {
    for (const count of options.processCounts ?? [1, 2]) {
      const portals: RunningServer[] = [];
      try {
        for (let i = 0; i < count; i++)
          portals.push(await startPortal(options.databaseUrl, { env: sharedEnv }));
        const balancer = await startHaproxy(portals.map((portal) => portal.port));
        try {
          const problem = await checkSample(options.next, balancer.port, options.scenario.check);
          if (problem) throw new Error(`Through HAProxy the lookup answers wrongly: ${problem}`);
          const base = { port: balancer.port, connections: options.connections };
          await runLoad(options.next, { ...base, duration: Math.min(3, options.duration) });
          const run: RunSummary = await runLoad(options.next, { ...base, duration: options.duration });
          figures.push({
            processes: count,
            requestsPerSecond: run.requestsPerSecond,
            p50: run.p50,
            p99: run.p99,
            failed: run.non2xx + run.errors,
          });
        } finally {
          await balancer.stop();
        }
      } finally {
        for (const portal of portals) await portal.stop();
      }
    }
  } finally {
    await redis.stop();
  }
  return figures;
}
