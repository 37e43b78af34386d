#!/usr/bin/env node
// The API tests run on PostgreSQL as well as PGlite in every `npm test`: row-level security, the
// tenant wall the app relies on, only applies there. Each test file makes its own database, so any
// database of a reachable server will do: DATABASE_URL when set, else the local server at
// 127.0.0.1:5432 (started with pg_ctlcluster when it is installed but stopped).
import { execSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { runAsScript } from './ensure-debian-package.mjs';

const LOCAL_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

function answers(url) {
  try {
    execSync(`psql "${url}" -Atqc "select 1"`, { stdio: 'pipe', timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}

function startLocalCluster() {
  const versions = existsSync('/etc/postgresql') ? readdirSync('/etc/postgresql') : [];
  for (const version of versions) {
    try {
      execSync(`pg_ctlcluster --skip-systemctl-redirect ${version} main start`, {
        stdio: 'pipe',
        timeout: 60_000,
      });
    } catch {
      // already running, or not ours to start: the check below decides
    }
  }
}

/** Answers the PostgreSQL URL the API tests use, or throws with what to do. */
export function ensurePostgres() {
  const url = process.env.DATABASE_URL || LOCAL_URL;
  if (answers(url)) return url;
  if (!process.env.DATABASE_URL) {
    startLocalCluster();
    if (answers(url)) return url;
  }
  throw new Error(
    `No PostgreSQL answers at ${url}. The API tests run on PostgreSQL too: start a server there, ` +
      'or set DATABASE_URL to one whose user may create databases.',
  );
}

if (import.meta.url === `file://${process.argv[1]}`) runAsScript('PostgreSQL', ensurePostgres);
