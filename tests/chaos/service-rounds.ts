// The rounds of `npm run chaos` for running the portal as a service (issue 32): a rolling restart
// of two portals behind HAProxy under steady mixed load, and a PostgreSQL failover (primary killed
// -9, synchronous standby promoted) under write load, the portal not restarted.
import { findFreePort } from '../support/free-port';
import { databaseBalancerConfig, portalBalancerConfig, startHaproxy } from '../support/haproxy';
import { startPostgresPair } from '../support/postgres-pair';
import {
  type ChaosDatabase,
  LOAD_SECONDS,
  log,
  lostWrites,
  postgresDatabase,
  type ReceivedMail,
  SUBDOMAIN,
  sleep,
  startSmtp,
  stopSmtp,
  waitForOutbox,
} from './chaos-support';
import { mixedLoad } from './mixed-load';
import {
  callPortal,
  callPortalPage,
  chaosEnv,
  type PortalProcess,
  startPortalProcess,
} from './portal-process';

/** Long enough for HAProxy's checks (every 500 ms, two failures) to take a draining portal out. */
const DRAIN_MS = 2_500;

async function aPlate(database: ChaosDatabase): Promise<string> {
  const [notice] = await database.query<{ plate: string }>('SELECT plate FROM citations ORDER BY id LIMIT 1');
  if (!notice) throw new Error('The chaos tenant has no notice to look up.');
  return notice.plate;
}

/**
 * Two portals behind HAProxy (health checks on /readyz). The mixed load's maximum is measured
 * first; then, at half of it, each portal in turn gets SIGTERM (readiness 503, drain, close) and a
 * new process takes its port. Every request must be answered below 500 and every acknowledged
 * sign-up be in the database.
 */
export async function rollingRestart(database: ChaosDatabase) {
  const env = chaosEnv({ ...database.env, SHUTDOWN_DRAIN_MS: String(DRAIN_MS), TRUST_PROXY: '1' });
  const portals: PortalProcess[] = [await startPortalProcess(env), await startPortalProcess(env)];
  const ports = portals.map((portal) => portal.port);
  const balancer = await startHaproxy((port) => portalBalancerConfig(port, ports));
  try {
    const plate = await aPlate(database);
    const maxEndsAt = Date.now() + 5_000;
    const max = await mixedLoad({
      port: balancer.port,
      plate,
      label: 'max',
      isOver: () => Date.now() > maxEndsAt,
    });
    const maxPerSecond = max.succeeded / max.seconds;
    // Half the maximum, as the issue says; a floor above it would overload a busy machine's portals
    // (a run measured 0.9 req/s and was then driven at 2) and count the balancer's refusals as drops.
    const rate = Math.max(0.25, maxPerSecond / 2);
    log(`    maximum ${maxPerSecond.toFixed(1)} req/s (mixed); rolling restart at ${rate.toFixed(1)} req/s`);
    let restarted = false;
    const restarts = (async () => {
      await sleep(2_000);
      for (const [index, port] of ports.entries()) {
        await (portals[index] as PortalProcess).stop();
        log(`    portal ${index + 1} stopped (SIGTERM: readiness 503, ${DRAIN_MS} ms drain, close)`);
        portals[index] = await startPortalProcess(env, port);
        // As docs/operations.md says: the next one only once the balancer has this one back.
        await balancer.waitUntilUp(`portal${index + 1}`);
        log(`    portal ${index + 1} restarted and back in rotation`);
      }
      await sleep(2_000);
      restarted = true;
    })();
    const steady = await mixedLoad({
      port: balancer.port,
      plate,
      label: 'rolling',
      ratePerSecond: rate,
      isOver: () => restarted,
    });
    await restarts;
    const lost = await lostWrites(database, steady.acknowledged);
    return { maxPerSecond, rate, ...steady, lost };
  } finally {
    await balancer.stop();
    await Promise.all(portals.map((portal) => portal.stop()));
  }
}

/** A test card the sandbox accepts, as its checkout page's form posts it. */
const ACCEPTED_CARD = 'cardNumber=4242424242424242&expiry=12%2F40&cvc=123';

/**
 * Pays the chaos tenant's notices one after another through the sandbox checkout while `isOver`
 * is false, as a person would: open the checkout (again while it answers 503), post the card, and
 * post it once more whatever the first answer (a retry after a 503, a double click), one notice
 * a second. Each notice must end up settled once. Answers by status, 5xx without Retry-After
 * counted apart.
 */
async function payNotices(port: number, notices: { id: string }[], isOver: () => boolean) {
  const outcomes = new Map<string, number>();
  let serverErrors = 0;
  const count = (status: number, retryAfter?: string) => {
    const key = `${status}${status === 503 && retryAfter ? ' (Retry-After)' : ''}`;
    outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
    if (status >= 500 && !(status === 503 && retryAfter)) serverErrors++;
  };
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  let paid = 0;
  for (const notice of notices) {
    let checkoutPath: string | null = null;
    while (!checkoutPath && !isOver()) {
      const opened = await callPortal(
        port,
        SUBDOMAIN,
        'GET',
        `/citation/checkout/${notice.id}/subdomain/${SUBDOMAIN}`,
      ).catch(() => null);
      if (opened) count(opened.status, opened.retryAfter);
      if (opened?.status === 200)
        checkoutPath = new URL(JSON.parse(opened.text).checkoutURL, 'http://localhost').pathname;
      else await sleep(300);
    }
    if (!checkoutPath) break;
    let settled = false;
    for (let post = 0; (post < 2 || !settled) && !isOver(); post++) {
      const answer = await callPortalPage(port, SUBDOMAIN, 'POST', checkoutPath, ACCEPTED_CARD, form).catch(
        () => null,
      );
      if (answer) count(answer.status, answer.retryAfter);
      // 303: paid, on to the receipt; 409: the checkout is closed, already paid.
      if (answer?.status === 303 || answer?.status === 409) settled = true;
      else await sleep(300);
    }
    if (settled) paid++;
    // One notice a second, so that payments are under way before, during and after the failover.
    await sleep(1_000);
  }
  return { outcomes: Object.fromEntries(outcomes), serverErrors, paid };
}

/**
 * A primary and a synchronous streaming standby (two clusters made here), reached through HAProxy
 * (the standby a backup server). Under sign-up and lookup load with SMTP delivery, the primary is
 * killed -9 and the standby promoted; the portal keeps running. It must write again within 30 s,
 * answer 503 with Retry-After (never 500) meanwhile, lose no acknowledged sign-up, and send no
 * welcome email twice.
 */
export async function databaseFailover() {
  const pair = await startPostgresPair();
  const dbBalancer = await startHaproxy((port) =>
    databaseBalancerConfig(port, pair.primaryPort, pair.standbyPort),
  );
  const database = await postgresDatabase(`postgres://postgres@127.0.0.1:${dbBalancer.port}/postgres`);
  const smtpPort = await findFreePort();
  const received: ReceivedMail[] = [];
  const smtp = await startSmtp(smtpPort, received);
  const env = chaosEnv({
    ...database.env,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    DATABASE_CONNECT_TIMEOUT_MS: '2000',
  });
  const portal = await startPortalProcess(env);
  try {
    const plate = await aPlate(database);
    let killedAt = 0;
    let firstWriteAfterKill = 0;
    let endsAt = Number.POSITIVE_INFINITY;
    const script = (async () => {
      await sleep((LOAD_SECONDS * 1000) / 2);
      killedAt = Date.now();
      pair.killPrimary();
      log('    primary killed -9');
      // What an operator's (or a managed service's) failover does a moment later.
      await sleep(1_000);
      await pair.promoteStandby();
      log(`    standby promoted ${((Date.now() - killedAt) / 1000).toFixed(1)} s after the kill`);
      endsAt = Date.now() + (LOAD_SECONDS * 1000) / 2 + 10_000;
    })();
    const notices = await database.query<{ id: string }>('SELECT id FROM citations ORDER BY citation_number');
    const isOver = () => Date.now() > endsAt || !portal.isRunning();
    const paying = payNotices(portal.port, notices, isOver);
    const load = await mixedLoad({
      port: portal.port,
      plate,
      label: 'failover',
      workers: 6,
      isOver,
      onAnswer: ({ status, isWrite }) => {
        if (killedAt && !firstWriteAfterKill && isWrite && status === 200) firstWriteAfterKill = Date.now();
      },
    });
    const payments = await paying;
    await script;
    if (!portal.isRunning()) throw new Error(`The portal exited during the failover:\n${portal.output()}`);
    log(`    load over: ${JSON.stringify(load.outcomes)}; waiting for the outbox`);
    const stillPending = await waitForOutbox(database, 120_000);
    const lost = await lostWrites(database, load.acknowledged);
    const perAddress = new Map<string, number>();
    for (const mail of received) perAddress.set(mail.to, (perAddress.get(mail.to) ?? 0) + 1);
    const sentTwice = [...perAddress.values()].reduce((sum, count) => sum + Math.max(0, count - 1), 0);
    const recoverySeconds = firstWriteAfterKill
      ? (firstWriteAfterKill - killedAt) / 1000
      : Number.POSITIVE_INFINITY;
    const serverErrors =
      Object.entries(load.outcomes)
        .filter(([status]) => /^5\d\d$/.test(status))
        .reduce((sum, [, count]) => sum + count, 0) + payments.serverErrors;
    const settled = await database.query<{ paid: number }>(
      "SELECT count(*)::int AS paid FROM payment_sessions WHERE status = 'paid' GROUP BY subject_id",
    );
    const [paidNotices] = await database.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM citations WHERE payment_status = 'Paid'",
    );
    return {
      ...load,
      lost,
      recoverySeconds,
      sentTwice,
      stillPending,
      emailsReceived: received.length,
      serverErrors,
      paymentAnswers: payments.outcomes,
      noticesPaid: paidNotices?.count ?? 0,
      noticesPayable: notices.length,
      settledTwice: settled.reduce((sum, row) => sum + Math.max(0, row.paid - 1), 0),
    };
  } finally {
    await portal.stop();
    await stopSmtp(smtp);
    await database.drop().catch(() => undefined);
    await dbBalancer.stop();
    pair.stop();
  }
}
