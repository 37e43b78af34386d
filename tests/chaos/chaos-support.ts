// What the rounds of `npm run chaos` share: their databases, the sign-up write load, the SMTP
// relay that counts what it receives, and the checks on what was acknowledged.

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { openDatabase } from '../../src/server/db/client';
import { loadFixtureDocument } from '../../src/server/db/fixtures/loader';
import { migrate } from '../../src/server/db/migrate';
import { buildCitation, buildTenant } from '../support/factories';
import { callPortal } from './portal-process';

export const SERVER_URL = process.env.CHAOS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const LOAD_SECONDS = Number(process.env.CHAOS_LOAD_SECONDS ?? 12);
export const WORKERS = 6;
export const SUBDOMAIN = 'chaos';
export const NOTICES = 20;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const log = (line: string) => console.log(line);

export const tenantDocument = () => ({
  tenants: [
    buildTenant({
      subdomain: SUBDOMAIN,
      citations: Array.from({ length: NOTICES }, (_, i) =>
        buildCitation({ citationNumber: `CHAOS${String(i).padStart(3, '0')}`, amount: 2500 }),
      ),
    }),
  ],
});

export interface ChaosDatabase {
  driver: 'postgres' | 'pglite';
  env: Record<string, string>;
  /** Raw SQL; on PGlite only while no portal holds the data folder. */
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

/** A database of its own on a PostgreSQL server (the local one unless told), migrated and seeded. */
export async function postgresDatabase(serverUrl = SERVER_URL): Promise<ChaosDatabase> {
  const name = `portal_chaos_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
  await migrate(handle.db);
  await loadFixtureDocument(handle.db, tenantDocument(), new Date());
  await handle.close();
  const query = async <T>(text: string, params: unknown[] = []) => {
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      return (await client.query(text, params)).rows as T[];
    } finally {
      await client.end();
    }
  };
  return {
    driver: 'postgres',
    env: { DATABASE_URL: url.toString() },
    query,
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export async function pgliteDatabase(): Promise<ChaosDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-chaos-'));
  const folder = path.join(dataDir, 'pglite');
  const handle = await openDatabase({ pgliteDir: folder });
  await migrate(handle.db);
  await loadFixtureDocument(handle.db, tenantDocument(), new Date());
  await handle.close();
  return {
    driver: 'pglite',
    env: { DATA_DIR: dataDir },
    query: async <T>(text: string, params: unknown[] = []) => {
      const client = new PGlite(folder);
      try {
        return (await client.query<T>(text, params)).rows;
      } finally {
        await client.close();
      }
    },
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/**
 * Sign-ups (a committed customer row and a queued welcome email each) from WORKERS clients, each
 * to one of the portals `ports()` names at that moment, until `isOver()`. A sign-up answered 200 is
 * an acknowledged write; one cut off by a killed process is not.
 */
export async function signUpLoad(ports: () => number[], isOver: () => boolean, label: string) {
  const acknowledged: string[] = [];
  let attempted = 0;
  let serverErrors = 0;
  const statuses = new Map<number, number>();
  await Promise.all(
    Array.from({ length: WORKERS }, async (_, worker) => {
      for (let n = 0; !isOver(); n++) {
        const email = `${label}-w${worker}-${n}@chaos.example`;
        const live = ports();
        const port = live[n % live.length] as number;
        attempted++;
        try {
          const response = await callPortal(port, SUBDOMAIN, 'POST', '/auth/customer/signup', {
            email,
            password: 'Chaos#Parking2026',
            fullname: 'Chaos Tester',
            entitySubdomain: SUBDOMAIN,
          });
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          if (response.status === 200) acknowledged.push(email);
          else if (response.status >= 500) serverErrors++;
        } catch {
          // Refused or cut off by a kill: not acknowledged, so nothing is owed.
          await sleep(100);
        }
      }
    }),
  );
  return { acknowledged, attempted, serverErrors, statuses: JSON.stringify(Object.fromEntries(statuses)) };
}

export async function lostWrites(database: ChaosDatabase, acknowledged: string[]): Promise<number> {
  const rows = await database.query<{ email: string }>('SELECT email FROM customers WHERE email = ANY($1)', [
    acknowledged,
  ]);
  return acknowledged.length - new Set(rows.map((row) => row.email)).size;
}

export interface ReceivedMail {
  to: string;
  messageId: string;
}

export function startSmtp(port: number, received: ReceivedMail[]): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        const messageId = /^Message-ID:\s*(.+)$/im.exec(raw)?.[1]?.trim() ?? '';
        for (const rcpt of session.envelope.rcptTo) received.push({ to: rcpt.address, messageId });
        callback();
      });
    },
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

export const stopSmtp = (server: SMTPServer) => new Promise<void>((resolve) => server.close(() => resolve()));

export async function waitForOutbox(database: ChaosDatabase, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await database.query<{ pending: number }>(
      "SELECT count(*)::int AS pending FROM email_outbox WHERE status = 'pending'",
    );
    if (!row?.pending || Date.now() > deadline) return row?.pending ?? 0;
    await sleep(500);
  }
}
