import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { findFreePort } from '../support/free-port';

export interface PortalProcess {
  port: number;
  /** The process's output so far (for a failure message). */
  output(): string;
  isRunning(): boolean;
  /** kill -9: no shutdown hook, no flush; what was acknowledged must already be durable. */
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

/** SIGTERM drains for SHUTDOWN_DRAIN_MS (5 s in production) and closes: a minute is far beyond. */
const STOP_TIMEOUT_MS = 60_000;

/** Settings every chaos portal shares: production, with the offline ports it must be allowed. */
export function chaosEnv(extra: Record<string, string>): Record<string, string> {
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    SEED_DEMO_DATA: 'false',
    LOG_LEVEL: process.env.CHAOS_PORTAL_LOG_LEVEL ?? 'error',
    JWT_SECRET: randomBytes(32).toString('base64url'),
    ALLOW_SANDBOX_PAYMENTS: 'true',
    ALLOW_DEV_OUTBOX: 'true',
    ALLOW_LOCAL_STORAGE: 'true',
    // The chaos load signs many accounts up from one address.
    AUTH_RATE_LIMIT_PER_CLIENT: '1000000',
    AUTH_RATE_LIMIT_PER_ACCOUNT: '1000000',
    MAIL_POLL_INTERVAL_MS: '200',
    ...extra,
  };
}

/** The portal as `npm run dev` runs its source (no build), on a free port, until killed. */
export async function startPortalProcess(env: Record<string, string>, port?: number): Promise<PortalProcess> {
  const chosenPort = port ?? (await findFreePort());
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      ...env,
      PORT: String(chosenPort),
      PUBLIC_BASE_URL: `http://localhost:${chosenPort}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  // CHAOS_PORTAL_LOG=file: every portal's output is also appended there, to follow a round live.
  const copy = (chunk: Buffer) => {
    log += chunk;
    if (process.env.CHAOS_PORTAL_LOG)
      appendFileSync(process.env.CHAOS_PORTAL_LOG, `[${chosenPort}] ${chunk}`);
  };
  child.stdout?.on('data', copy);
  child.stderr?.on('data', copy);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The portal exited early:\n${log}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The portal did not start within 120 s:\n${log}`);
    }
    try {
      if ((await fetch(`http://127.0.0.1:${chosenPort}/api/docs/json`)).ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    if (name === 'SIGKILL') return exited;
    // A shutdown that hangs is a finding, not a reason for the whole run to hang: say so, then kill.
    const gaveUp = await Promise.race([
      exited.then(() => false),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(true), STOP_TIMEOUT_MS).unref()),
    ]);
    if (gaveUp) {
      console.log(
        `    PROBLEM: portal on port ${chosenPort} still running ${STOP_TIMEOUT_MS / 1000} s after SIGTERM; killed`,
      );
      child.kill('SIGKILL');
      await exited;
    }
  };
  return {
    port: chosenPort,
    output: () => log,
    isRunning: () => child.exitCode === null && child.signalCode === null,
    kill9: () => signal('SIGKILL'),
    stop: () => signal('SIGTERM'),
  };
}

/**
 * A request to a portal as a tenant's host would send it. node:http rather than fetch: fetch
 * will not send a Host header of its own.
 */
export function callPortal(
  port: number,
  subdomain: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string; retryAfter?: string }> {
  return callPortalPage(port, subdomain, method, `/api/v1${path}`, body, headers);
}

/** The same for any path (a page, a form post with its own content type in `headers`). */
export function callPortalPage(
  port: number,
  subdomain: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string; retryAfter?: string }> {
  const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        timeout: 60_000,
        headers: {
          host: `${subdomain}.localhost:${port}`,
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text, retryAfter: response.headers['retry-after'] }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', reject);
    request.end(payload);
  });
}
