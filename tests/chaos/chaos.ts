// `npm run chaos` (not part of npm test; docs/reliability.md): the portal under the failures a
// production day brings, and the three figures that must stay 0 — acknowledged writes lost, emails
// sent twice, payments settled twice. Needs PostgreSQL (CHAOS_DATABASE_URL, default the local
// server) and Debian's redis-server (scripts/ensure-redis.mjs installs it).
import Stripe from 'stripe';
import { findFreePort } from '../support/free-port';
import { startRedisServer } from '../support/redis-server';
import {
  type ChaosDatabase,
  LOAD_SECONDS,
  log,
  lostWrites,
  NOTICES,
  pgliteDatabase,
  postgresDatabase,
  type ReceivedMail,
  SUBDOMAIN,
  signUpLoad,
  sleep,
  startSmtp,
  stopSmtp,
  WORKERS,
  waitForOutbox,
} from './chaos-support';
import { startFaultyStripe } from './faulty-stripe';
import { callPortal, chaosEnv, type PortalProcess, startPortalProcess } from './portal-process';
import { databaseFailover, rollingRestart } from './service-rounds';

const STRIPE_KEY = 'sk_test_chaos';
const STRIPE_WEBHOOK_SECRET = 'whsec_chaos';

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

/** CHAOS_ROUNDS (comma-separated) runs only the rounds named; unset, all of them. */
const ROUNDS = new Set(
  (process.env.CHAOS_ROUNDS ?? 'kill,two-portals,stripe,rolling-restart,failover')
    .split(',')
    .map((r) => r.trim()),
);

async function main() {
  const started = Date.now();
  log(`Chaos run: ${LOAD_SECONDS} s of load per scenario, ${WORKERS} clients.`);
  const figures = {
    acknowledgedWritesLost: 0,
    emailsSentTwice: 0,
    paymentsSettledTwice: 0,
    serverErrors: 0,
    requestsDropped: 0,
    failoverOver30s: 0,
  };
  for (const make of ROUNDS.has('kill') ? [pgliteDatabase, postgresDatabase] : []) {
    const result = await withDatabase(() => make(), killUnderWriteLoad);
    const driver = make === pgliteDatabase ? 'PGlite data folder' : 'PostgreSQL';
    log(
      `kill -9 under write load (${driver}): ${result.acknowledged.length} acknowledged of ` +
        `${result.attempted} sign-ups (answers ${result.statuses}), ${result.lost} lost, ${result.serverErrors} 5xx`,
    );
    figures.acknowledgedWritesLost += result.lost;
    figures.serverErrors += result.serverErrors;
  }
  if (ROUNDS.has('two-portals')) {
    const two = await withDatabase(() => postgresDatabase(), twoServersSmtpDownAndBack);
    log(
      `two portals, one PostgreSQL and Redis, SMTP down and back, one portal killed -9: ` +
        `${two.acknowledged.length} acknowledged of ${two.attempted}, ${two.lost} lost, ` +
        `${two.emailsReceived} emails received, ${two.sentTwice} sent twice, ${two.neverSent} never sent, ` +
        `${two.stillPending} still pending, answers ${two.statuses}`,
    );
    figures.acknowledgedWritesLost += two.lost;
    figures.emailsSentTwice += two.sentTwice;
    figures.serverErrors += two.serverErrors;
  }
  if (ROUNDS.has('stripe')) {
    const pay = await withDatabase(() => postgresDatabase(), stripeFaults);
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
  }
  if (ROUNDS.has('rolling-restart')) {
    const rolling = await withDatabase(() => postgresDatabase(), rollingRestart);
    log(
      `rolling restart of two portals behind HAProxy at ${rolling.rate.toFixed(1)} req/s ` +
        `(half the measured ${rolling.maxPerSecond.toFixed(1)}), 4 lookups to 1 sign-up: ${rolling.sent} requests, ` +
        `${rolling.dropped} dropped, answers ${JSON.stringify(rolling.outcomes)}, ` +
        `${rolling.acknowledged.length} sign-ups acknowledged, ${rolling.lost} lost` +
        (rolling.droppedSamples.length
          ? `; dropped answers such as ${JSON.stringify(rolling.droppedSamples)}`
          : ''),
    );
    figures.requestsDropped += rolling.dropped;
    figures.acknowledgedWritesLost += rolling.lost;
  }
  if (ROUNDS.has('failover')) {
    const failover = await databaseFailover();
    log(
      `PostgreSQL failover (primary killed -9, synchronous standby promoted, portal not restarted): ` +
        `writing again ${failover.recoverySeconds.toFixed(1)} s after the kill, ${failover.sent} requests, ` +
        `answers ${JSON.stringify(failover.outcomes)}, ${failover.acknowledged.length} sign-ups acknowledged, ` +
        `${failover.lost} lost, ${failover.emailsReceived} emails received, ${failover.sentTwice} sent twice, ` +
        `${failover.stillPending} still pending; notices paid through the sandbox checkout (each card ` +
        `posted twice) answers ${JSON.stringify(failover.paymentAnswers)}, ${failover.noticesPaid} of ` +
        `${failover.noticesPayable} paid, ${failover.settledTwice} settled twice`,
    );
    figures.paymentsSettledTwice += failover.settledTwice;
    figures.acknowledgedWritesLost += failover.lost;
    figures.emailsSentTwice += failover.sentTwice;
    figures.serverErrors += failover.serverErrors;
    if (!(failover.recoverySeconds <= 30)) figures.failoverOver30s += 1;
  }
  log('');
  log(`Acknowledged writes lost: ${figures.acknowledgedWritesLost}`);
  log(`Emails sent twice:        ${figures.emailsSentTwice}`);
  log(`Payments settled twice:   ${figures.paymentsSettledTwice}`);
  log(`Requests dropped in the rolling restart: ${figures.requestsDropped}`);
  log(`Failovers not writing again within 30 s: ${figures.failoverOver30s}`);
  log(
    `Server errors (5xx other than Stripe's 502 and the failover's 503 with Retry-After): ${figures.serverErrors}`,
  );
  log(`(${Math.round((Date.now() - started) / 1000)} s)`);
  if (Object.values(figures).some((value) => value > 0)) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
