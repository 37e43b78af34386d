import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../../src/server/db/client';
import { readDemoData } from '../../../src/server/db/fixtures/demo';
import { loadFixtureDocument } from '../../../src/server/db/fixtures/loader';
import { migrate, splitStatements } from '../../../src/server/db/migrate';
import { findFreePort } from '../../support/free-port';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The port of the server the browser tests drive. */
    serverPort: number;
    /** Its data folder (PGlite database, local uploads). */
    serverDataDir: string;
  }
}

const FIXTURES_DIR = path.resolve('tests/e2e/fixtures');

const fixtureFiles = (extension: string) =>
  existsSync(FIXTURES_DIR)
    ? readdirSync(FIXTURES_DIR)
        .filter((name) => name.endsWith(extension))
        .sort()
    : [];

/**
 * The demo data, then every fixture document of tests/e2e/fixtures, then its SQL files (bulk data
 * the fixture loader would take minutes for, written against the documents' rows), in one fresh
 * database.
 */
async function prepareDatabase(dataDir: string) {
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  await migrate(database.db);
  await loadFixtureDocument(database.db, readDemoData());
  for (const file of fixtureFiles('.json')) {
    await loadFixtureDocument(database.db, JSON.parse(readFileSync(path.join(FIXTURES_DIR, file), 'utf8')));
  }
  for (const file of fixtureFiles('.sql')) {
    for (const statement of splitStatements(readFileSync(path.join(FIXTURES_DIR, file), 'utf8'))) {
      await database.db.execute(sql.raw(statement));
    }
  }
  await database.close();
}

async function waitUntilReady(port: number, server: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited early:\n${output()}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/v1/portal/brand/demo`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not start within 60 s:\n${output()}`);
}

/** CPU seconds (user and system) a Linux process has used so far, to see where a run's time goes. */
function serverCpuSeconds(pid: number | undefined): string {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) / 100).toFixed(0);
  } catch {
    return '?';
  }
}

/** Builds the app when needed, starts one real server on a free port, and stops it afterwards. */
export default async function setup(project: TestProject) {
  // The page renderer (dist/ssr) belongs to the build too: without it pages are rendered in the browser.
  if (
    !process.env.E2E_SKIP_BUILD ||
    !existsSync('dist/server/main.js') ||
    !existsSync('dist/ssr/entry-server.js')
  ) {
    const { buildAll } = await import('../../../scripts/build.mjs');
    await buildAll();
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
  await prepareDatabase(dataDir);
  const port = await findFreePort();
  let log = '';
  const server = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      PUBLIC_BASE_URL: `http://localhost:${port}`,
      // Every browser test signs in from 127.0.0.1; the API tests check the real limits.
      AUTH_RATE_LIMIT_PER_CLIENT: '100000',
      AUTH_RATE_LIMIT_PER_ACCOUNT: '100000',
      // And uploads photos from it too, two files at a time (decision 169).
      UPLOAD_RATE_LIMIT_PER_CLIENT: '100000',
      MAIL_POLL_INTERVAL_MS: '250',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => (log += chunk));
  server.stderr?.on('data', (chunk) => (log += chunk));
  await waitUntilReady(port, server, () => log);
  project.provide('serverPort', port);
  project.provide('serverDataDir', dataDir);

  return async () => {
    console.log(`The test server used ${serverCpuSeconds(server.pid)} s of CPU.`);
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
