// HAProxy (Debian's package, installed like Chromium for the tests) on a free port of 127.0.0.1,
// with the configuration its user writes: the bench's scale-out (portals, no checks), the chaos
// rounds' rolling restart (portals checked on /readyz) and failover (a primary and its standby).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ensureDebianPackage } from '../../scripts/ensure-debian-package.mjs';
import { findFreePort } from './free-port';

const HAPROXY_PATH = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';

/** Health checks every 500 ms; two failures take a server out, two passes put it back. */
export const CHECK_TIMING = 'default-server inter 500ms fall 2 rise 2';

/**
 * The HTTP balancer of portal processes, round robin with keep-alive on both sides. With
 * `checkReadiness` each is taken out while its /readyz is not 200, and a refused connection (a
 * portal between processes) is tried on another; without, nothing else, so the balancer is not
 * the limit of a throughput measurement.
 */
export function portalBalancerConfig(
  port: number,
  backends: readonly number[],
  options: { checkReadiness: boolean } = { checkReadiness: true },
): string {
  const { checkReadiness } = options;
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  option http-keep-alive',
    `  timeout connect ${checkReadiness ? '2s' : '5s'}`,
    '  timeout client 60s',
    '  timeout server 60s',
    // A check waits as long as the portal's own readiness checks may take (2 s each): on a busy
    // machine a slow but healthy answer must not take every portal out at once.
    ...(checkReadiness ? ['  retries 3', '  option redispatch', '  timeout check 3s'] : []),
    'frontend portal',
    `  bind 127.0.0.1:${port}`,
    '  default_backend portals',
    'backend portals',
    '  balance roundrobin',
    ...(checkReadiness
      ? ['  option httpchk GET /readyz', '  http-check expect status 200', `  ${CHECK_TIMING}`]
      : []),
    ...backends.map(
      (backend, index) => `  server portal${index + 1} 127.0.0.1:${backend}${checkReadiness ? ' check' : ''}`,
    ),
    '',
  ].join('\n');
}

/**
 * The database address the portal is given: the primary while its PostgreSQL answers, else the
 * standby (a backup server); sessions on a server marked down are cut so the pool reconnects.
 */
export function databaseBalancerConfig(port: number, primary: number, standby: number): string {
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode tcp',
    '  timeout connect 1s',
    '  timeout client 1h',
    '  timeout server 1h',
    'frontend database',
    `  bind 127.0.0.1:${port}`,
    '  default_backend database',
    'backend database',
    '  option pgsql-check user postgres',
    `  ${CHECK_TIMING} on-marked-down shutdown-sessions`,
    `  server primary 127.0.0.1:${primary} check`,
    `  server standby 127.0.0.1:${standby} check backup`,
    '',
  ].join('\n');
}

export interface RunningHaproxy {
  port: number;
  output(): string;
  /** Until HAProxy's checks count `server` (its name in the configuration) as UP. */
  waitUntilUp(server: string, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

export async function startHaproxy(config: (port: number) => string): Promise<RunningHaproxy> {
  ensureDebianPackage({
    binary: HAPROXY_PATH,
    packageName: 'haproxy',
    label: 'HAProxy',
    hint: 'set HAPROXY_PATH',
  });
  const port = await findFreePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-haproxy-'));
  const file = path.join(dir, 'haproxy.cfg');
  // A stats socket (read-only) for the state of each server as the checks see it.
  const statsSocket = path.join(dir, 'stats.sock');
  writeFileSync(
    file,
    config(port).replace(/^global\n/, `global\n  stats socket ${statsSocket} level user\n`),
  );
  const child: ChildProcess = spawn(HAPROXY_PATH, ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  // Listening once a connection is accepted.
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`HAProxy exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`HAProxy did not listen within 20 s:\n${output}`);
    const listening = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (listening) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const serverStatus = (server: string) =>
    new Promise<string>((resolve) => {
      let csv = '';
      const socket = connect(statsSocket);
      socket.on('data', (chunk) => (csv += chunk));
      socket.on('error', () => resolve('unknown'));
      socket.on('end', () => {
        // show stat: CSV, the proxy's name, the server's, ... and the status in the 18th column.
        const row = csv.split('\n').find((line) => line.split(',')[1] === server);
        resolve(row?.split(',')[17] ?? 'unknown');
      });
      socket.end('show stat\n');
    });
  return {
    port,
    output: () => output,
    waitUntilUp: async (server, timeoutMs = 60_000) => {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const status = await serverStatus(server);
        if (status.startsWith('UP')) return;
        if (Date.now() > until)
          throw new Error(`HAProxy still counts ${server} ${status} after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
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
