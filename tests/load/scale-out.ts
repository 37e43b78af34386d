// Scale out on one box (issue 14): the notice lookup through HAProxy (Debian's package, installed
// like Chromium for the tests) in front of one and then two portal processes, on one PostgreSQL
// and one Redis. The processes share what a cluster shares in production: the database, the
// sign-in key (a token signed by one is valid on the other) and the rate-limit store (Redis).
import { randomBytes } from 'node:crypto';
import { ensureRedisServer } from '../../scripts/ensure-redis.mjs';
import { portalBalancerConfig, startHaproxy } from '../support/haproxy';
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
        const ports = portals.map((portal) => portal.port);
        const balancer = await startHaproxy((port) =>
          portalBalancerConfig(port, ports, { checkReadiness: false }),
        );
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
