#!/usr/bin/env node
// `npm test`: lint, type check, unit tests, API tests on PGlite and on PostgreSQL (DATABASE_URL,
// else the local server), then browser tests in headless Chromium against a started server, and
// the built server on the other supported Node.js lines (scripts/node-lines.mjs).
// Every step runs even when an earlier one fails, and the last line sums up the tests. Programs
// the tests drive (redis-server, Chromium) are installed from Debian's packages when missing.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';
import { ensurePostgres } from './ensure-postgres.mjs';
import { ensureRedisServer } from './ensure-redis.mjs';

const reportDir = path.resolve('test-results');
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];

/** Each step's wall time, printed at the end: the suite must stay well under 15 minutes. */
const stepTimes = [];
const started = Date.now();

function run(name, command, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const stepStarted = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  stepTimes.push(`${name} ${Math.round((Date.now() - stepStarted) / 1000)} s`);
  if (result.status !== 0) failedSteps.push(name);
  return result.status === 0;
}

/** Runs `ensure`; a failure is a failed step, reported, and the tests that need it fail with it. */
function install(name, ensure) {
  try {
    ensure();
    return true;
  } catch (error) {
    console.error(error.message);
    failedSteps.push(`install ${name}`);
    return false;
  }
}

function vitest(name, project, env = {}) {
  const report = path.join(reportDir, `${project}.json`);
  run(
    name,
    'npx',
    [
      'vitest',
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${report}`,
    ],
    env,
  );
  if (!existsSync(report)) return;
  const results = JSON.parse(readFileSync(report, 'utf8'));
  totals.passed += results.numPassedTests;
  totals.failed += results.numFailedTests;
  totals.skipped += results.numPendingTests + results.numTodoTests;
}

run('lint (biome)', 'npx', ['biome', 'check', '.']);
run('type check (tsc: shared, server, web, then everything)', 'npm', ['run', '--silent', 'typecheck']);
vitest('unit tests', 'unit');
install('redis-server', ensureRedisServer);
vitest('API tests on PGlite', 'api-pglite');
let databaseUrl;
if (install('PostgreSQL', () => (databaseUrl = ensurePostgres()))) {
  vitest('API tests on PostgreSQL', 'api-postgres', { DATABASE_URL: databaseUrl });
}
if (install('Chromium', ensureChromium)) vitest('browser tests (Chromium)', 'e2e');
// After the browser tests, which build the portal: the built server on the other LTS lines.
if (run('the built server on Node.js 22 and 24', 'node', ['scripts/node-lines.mjs'])) totals.passed += 2;
else totals.failed += 1;

console.log('');
console.log(`Took ${Math.round((Date.now() - started) / 1000)} s: ${stepTimes.join(', ')}.`);
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join(', ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
