// `npm run chaos` (not part of npm test; docs/reliability.md): the portal under the failures a
// production day brings, and the three figures that must stay 0 — acknowledged writes lost, emails
// sent twice, payments settled twice. Needs PostgreSQL (CHAOS_DATABASE_URL, default the local
// server) and Debian's redis-server (scripts/ensure-redis.mjs installs it).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import Stripe from 'stripe';
import { openDatabase } from '../../src/server/db/client';
import { loadFixtureDocument } from '../../src/server/db/fixtures/loader';
import { migrate } from '../../src/server/db/migrate';
import { buildCitation, buildTenant } from '../support/factories';
import { findFreePort } from '../support/free-port';
import { startRedisServer } from '../support/redis-server';
import { startFaultyStripe } from './faulty-stripe';
import { callPortal, chaosEnv, type PortalProcess, startPortalProcess } from './portal-process';

const SERVER_URL = process.env.CHAOS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LOAD_SECONDS = Number(process.env.CHAOS_LOAD_SECONDS ?? 12);
const WORKERS = 6;
const SUBDOMAIN = 'chaos';
const NOTICES = 20;
const STRIPE_KEY = 'sk_test_chaos';
const STRIPE_WEBHOOK_SECRET = 'whsec_chaos';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line: string) => console.log(line);

const tenantDocument = () => ({
  tenants: [
    buildTenant({
      subdomain: SUBDOMAIN,
      citations: Array.from({ length: NOTICES }, (_, i) =>
        buildCitation({ citationNumber: `CHAOS${String(i).padStart(3, '0')}`, amount: 2500 }),
      ),
    }),
  ],
});

interface ChaosDatabase {
  driver: 'postgres' | 'pglite';
  env: Record<string, string>;
  /** Raw SQL; on PGlite only while no portal holds the data folder. */
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

async function postgresDatabase(): Promise<ChaosDatabase> {
  const name = `portal_chaos_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(SERVER_URL);
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
      const client = new pg.Client({ connectionString: SERVER_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

async function pgliteDatabase(): Promise<ChaosDatabase> {
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
async function signUpLoad(ports: () => number[], isOver: () => boolean, label: string) {
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

async function lostWrites(database: ChaosDatabase, acknowledged: string[]): Promise<number> {
  const rows = await database.query<{ email: string }>('SELECT email FROM customers WHERE email = ANY($1)', [
    acknowledged,
  ]);
  return acknowledged.length - new Set(rows.map((row) => row.email)).size;
}

/** kill -9 in the middle of the write load, restart on the same data, keep writing as long again. */
async function killUnderWriteLoad(database: ChaosDatabase) {
  let portal = await startPortalProcess(chaosEnv(database.env));
  let endsAt = Number.POSITIVE_INFINITY;
  const killer = (async () => {
    await sleep((LOAD_SECONDS * 1000) / 2);
    await portal.kill9();
    portal = await startPortalProcess(chaosEnv(database.env), portal.port);
    endsAt = Date.now() + (LOAD_SECONDS * 1000) / 2;
  })();
  const load = await signUpLoad(
    () => [portal.port],
    () => Date.now() > endsAt,
    `kill-${database.driver}`,
  );
  await killer;
  await portal.stop();
  const lost = await lostWrites(database, load.acknowledged);
  return { ...load, lost };
}

interface ReceivedMail {
  to: string;
  messageId: string;
}

function startSmtp(port: number, received: ReceivedMail[]): Promise<SMTPServer> {
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

const stopSmtp = (server: SMTPServer) => new Promise<void>((resolve) => server.close(() => resolve()));

async function waitForOutbox(database: ChaosDatabase, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await database.query<{ pending: number }>(
      "SELECT count(*)::int AS pending FROM email_outbox WHERE status = 'pending'",
    );
    if (!row?.pending || Date.now() > deadline) return row?.pending ?? 0;
    await sleep(500);
  }
}

/**
 * Two portals on one PostgreSQL and one Redis, under sign-up load; the SMTP relay goes down and
 * comes back, and one portal is killed -9 and restarted. Every acknowledged sign-up must be in the
 * database and get its welcome email exactly once.
 */
async function twoServersSmtpDownAndBack(database: ChaosDatabase) {
  const redis = await startRedisServer();
  const smtpPort = await findFreePort();
  const received: ReceivedMail[] = [];
  let smtp = await startSmtp(smtpPort, received);
  const env = chaosEnv({ ...database.env, REDIS_URL: redis.url, SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
  const portals: PortalProcess[] = [await startPortalProcess(env), await startPortalProcess(env)];
  let live = portals.map((portal) => portal.port);
  const script = (async () => {
    const step = (LOAD_SECONDS * 1000) / 6;
    await sleep(step);
    await stopSmtp(smtp);
    log('    SMTP relay down');
    await sleep(step);
    const victim = portals[1] as PortalProcess;
    await victim.kill9();
    live = [(portals[0] as PortalProcess).port];
    log('    portal 2 killed -9');
    portals[1] = await startPortalProcess(env, victim.port);
    live = portals.map((portal) => portal.port);
    log('    portal 2 restarted');
    await sleep(step);
    smtp = await startSmtp(smtpPort, received);
    log('    SMTP relay back');
  })();
  const endsAt = Date.now() + LOAD_SECONDS * 1000;
  const load = await signUpLoad(
    () => live,
    () => Date.now() > endsAt,
    'two',
  );
  await script;
  // Retries back off; give the outbox time to drain through the relay that came back.
  const stillPending = await waitForOutbox(database, 120_000);
  await Promise.all(portals.map((portal) => portal.stop()));
  await stopSmtp(smtp);
  await redis.stop();
  const lost = await lostWrites(database, load.acknowledged);
  const perAddress = new Map<string, number>();
  for (const mail of received) perAddress.set(mail.to, (perAddress.get(mail.to) ?? 0) + 1);
  const sentTwice = [...perAddress.values()].reduce((sum, count) => sum + Math.max(0, count - 1), 0);
  const neverSent = load.acknowledged.filter((email) => !perAddress.has(email)).length;
  return { ...load, lost, emailsReceived: received.length, sentTwice, neverSent, stillPending };
}

/**
 * Two portals with Stripe answering 500s and never answering, at random: checkouts are opened
 * until one succeeds, then Stripe's completion event for each is delivered four times at once,
 * twice to each portal. Each notice must be settled once.
 */
async function stripeFaults(database: ChaosDatabase) {
  const faults = ['ok', 'error500', 'timeout'] as const;
  const stripe = await startFaultyStripe(() => faults[Math.floor(Math.random() * faults.length)] ?? 'ok');
  const env = chaosEnv({
    ...database.env,
    PAYMENTS_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: STRIPE_KEY,
    STRIPE_WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.apiBase,
    STRIPE_TIMEOUT_MS: '1500',
    STRIPE_MAX_NETWORK_RETRIES: '1',
  });
  const portals = [await startPortalProcess(env), await startPortalProcess(env)];
  const sdk = new Stripe(STRIPE_KEY);
  const statuses = new Map<number, number>();
  const notices = await database.query<{ id: string; citation_number: string }>(
    'SELECT id, citation_number FROM citations ORDER BY citation_number',
  );
  let events = 0;
  for (const [index, notice] of notices.entries()) {
    let sessionId: string | null = null;
    for (let attempt = 0; attempt < 12 && !sessionId; attempt++) {
      const portal = portals[(index + attempt) % portals.length] as PortalProcess;
      const response = await callPortal(
        portal.port,
        SUBDOMAIN,
        'GET',
        `/citation/checkout/${notice.id}/subdomain/${SUBDOMAIN}`,
      );
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (response.status === 200) sessionId = JSON.parse(response.text).checkoutURL.split('/').pop();
    }
    if (!sessionId) continue;
    const payload = JSON.stringify({
      id: `evt_chaos_${++events}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: sessionId,
          object: 'checkout.session',
          payment_status: 'paid',
          payment_intent: `pi_${sessionId}`,
        },
      },
    });
    const signature = sdk.webhooks.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET });
    await Promise.all(
      [0, 1, 0, 1].map(async (which) => {
        const portal = portals[which] as PortalProcess;
        const response = await callPortal(portal.port, 'www', 'POST', '/payments/stripe/webhook', payload, {
          'stripe-signature': signature,
        });
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }),
    );
  }
  await Promise.all(portals.map((portal) => portal.stop()));
  await stripe.close();
  const settled = await database.query<{ subject_id: string; paid: number }>(
    "SELECT subject_id, count(*)::int AS paid FROM payment_sessions WHERE status = 'paid' GROUP BY subject_id",
  );
  const [paidNotices] = await database.query<{ count: number }>(
    "SELECT count(*)::int AS count FROM citations WHERE payment_status = 'Paid'",
  );
  return {
    stripeAnswers: stripe.answered,
    portalStatuses: Object.fromEntries(statuses),
    noticesPaid: paidNotices?.count ?? 0,
    settledTwice: settled.reduce((sum, row) => sum + Math.max(0, row.paid - 1), 0),
  };
}

async function withDatabase<T>(make: () => Promise<ChaosDatabase>, work: (db: ChaosDatabase) => Promise<T>) {
  const database = await make();
  try {
    return await work(database);
  } finally {
    await database.drop();
  }
}

async function main() {
  const started = Date.now();
  log(`Chaos run: ${LOAD_SECONDS} s of load per scenario, ${WORKERS} clients.`);
  const figures = { acknowledgedWritesLost: 0, emailsSentTwice: 0, paymentsSettledTwice: 0, serverErrors: 0 };
  for (const make of [pgliteDatabase, postgresDatabase]) {
    const result = await withDatabase(make, killUnderWriteLoad);
    const driver = make === pgliteDatabase ? 'PGlite data folder' : 'PostgreSQL';
    log(
      `kill -9 under write load (${driver}): ${result.acknowledged.length} acknowledged of ` +
        `${result.attempted} sign-ups (answers ${result.statuses}), ${result.lost} lost, ${result.serverErrors} 5xx`,
    );
    figures.acknowledgedWritesLost += result.lost;
    figures.serverErrors += result.serverErrors;
  }
  const two = await withDatabase(postgresDatabase, twoServersSmtpDownAndBack);
  log(
    `two portals, one PostgreSQL and Redis, SMTP down and back, one portal killed -9: ` +
      `${two.acknowledged.length} acknowledged of ${two.attempted}, ${two.lost} lost, ` +
      `${two.emailsReceived} emails received, ${two.sentTwice} sent twice, ${two.neverSent} never sent, ` +
      `${two.stillPending} still pending, answers ${two.statuses}`,
  );
  figures.acknowledgedWritesLost += two.lost;
  figures.emailsSentTwice += two.sentTwice;
  figures.serverErrors += two.serverErrors;
  const pay = await withDatabase(postgresDatabase, stripeFaults);
  log(
    `Stripe answering 500s and timeouts, two portals, each completion delivered 4 times: ` +
      `Stripe answers ${JSON.stringify(pay.stripeAnswers)}, portal statuses ${JSON.stringify(pay.portalStatuses)}, ` +
      `${pay.noticesPaid} of ${NOTICES} notices paid, ${pay.settledTwice} settled twice`,
  );
  figures.paymentsSettledTwice += pay.settledTwice;
  const stripe5xx = Object.entries(pay.portalStatuses)
    .filter(([status]) => Number(status) >= 500 && Number(status) !== 502)
    .reduce((sum, [, count]) => sum + count, 0);
  figures.serverErrors += stripe5xx;
  log('');
  log(`Acknowledged writes lost: ${figures.acknowledgedWritesLost}`);
  log(`Emails sent twice:        ${figures.emailsSentTwice}`);
  log(`Payments settled twice:   ${figures.paymentsSettledTwice}`);
  log(`Server errors (5xx other than Stripe's 502): ${figures.serverErrors}`);
  log(`(${Math.round((Date.now() - started) / 1000)} s)`);
  if (Object.values(figures).some((value) => value > 0)) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
