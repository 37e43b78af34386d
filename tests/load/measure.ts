import http from 'node:http';
import autocannon, { type RequestParams } from 'autocannon';
import type { BenchRequest } from './scenario';
import { LatencySamples, percentile } from './stats';

export interface RunSummary {
  /** Mean completed requests per second over the run's one-second samples. */
  requestsPerSecond: number;
  totalRequests: number;
  /** Latency percentiles in ms, from every 2xx response's own timing (autocannon keeps whole ms). */
  p50: number;
  p99: number;
  max: number;
  /** autocannon's own p99 (whole ms, corrected for coordinated omission in fixed-rate runs). */
  autocannonP99: number;
  /** Server CPU time per completed request, in ms (Linux only; null elsewhere). */
  serverCpuMsPerRequest: number | null;
  /** The database's CPU time per completed request, in ms (a local PostgreSQL on Linux; else null). */
  databaseCpuMsPerRequest: number | null;
  non2xx: number;
  errors: number;
  timeouts: number;
  durationSeconds: number;
  connections: number;
  /** The requested rate of a fixed-rate run; null for a max-throughput run. */
  overallRate: number | null;
}

export interface RunSettings {
  port: number;
  duration: number;
  connections: number;
  overallRate?: number;
  /** The server's cumulative CPU seconds, read before and after the run. */
  serverCpuSeconds?: () => number | null;
  /** The same for the database's processes (tests/load/servers.ts, databaseBackendsCpu). */
  databaseCpuSeconds?: () => number | null;
}

/** CPU milliseconds per request between two readings of cumulative CPU seconds. */
function msPerRequest(before: number | null, after: number | null, requests: number): number | null {
  if (before === null || after === null || requests === 0) return null;
  return Number((((after - before) * 1000) / requests).toFixed(3));
}

function toRequestParams(request: BenchRequest, defaults: RequestParams): RequestParams {
  return {
    ...defaults,
    method: request.method ?? 'GET',
    path: request.path,
    headers: {
      ...request.headers,
      host: request.host,
      ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: request.body ?? '',
  };
}

/** One autocannon run over a scenario's request source, on 127.0.0.1. */
export async function runLoad(next: () => BenchRequest, settings: RunSettings): Promise<RunSummary> {
  const samples = new LatencySamples();
  const cpuBefore = settings.serverCpuSeconds?.() ?? null;
  const databaseCpuBefore = settings.databaseCpuSeconds?.() ?? null;
  const instance = autocannon({
    url: `http://127.0.0.1:${settings.port}`,
    connections: settings.connections,
    duration: settings.duration,
    // autocannon gives up on a response after 10 s by default; a crowded machine can take longer
    // to send the 22 MB report, which is slow, not failed.
    timeout: 30,
    ...(settings.overallRate ? { overallRate: settings.overallRate } : {}),
    // Each request is rebuilt from the scenario's source, so every call rotates its inputs.
    requests: [{ setupRequest: (defaults) => toRequestParams(next(), defaults) }],
  });
  instance.on('response', (_client, status, _bytes, ms) => {
    if (status >= 200 && status < 300) samples.add(ms);
  });
  const result = await instance;
  const cpuAfter = settings.serverCpuSeconds?.() ?? null;
  const databaseCpuAfter = settings.databaseCpuSeconds?.() ?? null;
  const sorted = samples.sorted();
  return {
    requestsPerSecond: Math.round(result.requests.average),
    totalRequests: result.requests.total,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: percentile(sorted, 100),
    autocannonP99: result.latency.p99,
    serverCpuMsPerRequest: msPerRequest(cpuBefore, cpuAfter, result.requests.total),
    databaseCpuMsPerRequest: msPerRequest(databaseCpuBefore, databaseCpuAfter, result.requests.total),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    durationSeconds: result.duration,
    connections: settings.connections,
    overallRate: settings.overallRate ?? null,
  };
}

/** node:http rather than fetch: fetch does not let a caller choose the Host header. */
function send(request: BenchRequest, port: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: '127.0.0.1',
        port,
        method: request.method ?? 'GET',
        path: request.path,
        headers: {
          ...request.headers,
          host: request.host,
          ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

/** Sends a few of the scenario's requests one by one and returns the first problem found, if any. */
export async function checkSample(
  next: () => BenchRequest,
  port: number,
  check: (status: number, body: string) => string | null,
  count = 5,
): Promise<string | null> {
  for (let i = 0; i < count; i++) {
    const request = next();
    const response = await send(request, port);
    const problem = check(response.status, response.body);
    if (problem) return `${request.method ?? 'GET'} ${request.path} (Host ${request.host}): ${problem}`;
  }
  return null;
}
