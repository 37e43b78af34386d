import { collectDefaultMetrics } from 'prom-client';
import { createMailTransport } from './adapters/mail';
import { createPaymentGateway } from './adapters/payments/create-payment-gateway';
import { createStorage } from './adapters/storage/create-storage';
import { buildApp } from './app';
import { systemClock } from './clock';
import { ConfigError, loadConfig, tenantBaseUrl } from './config';
import { openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { sweepUnconfirmedAppeals } from './features/appeals';
import { announceDevelopmentApiKey } from './features/enforcement';
import { readOutboxBacklog, startEmailWorker } from './features/mail';
import { releaseExpiredReservations, sendExpiryReminders } from './features/passes';
import { chargeDueInstalments } from './features/payment-plans';
import { renewDueSandboxSubscriptions } from './features/payments';
import { deleteExpiredKeys } from './http/idempotency-store';
import { humanLogStream } from './observability/human-log';
import { startMetricsServer } from './observability/metrics-server';
import { seedDemoDataOnStart } from './seed-demo-data-on-start';

/** How often the sandbox looks for subscriptions to renew. */
const SANDBOX_RENEWAL_INTERVAL_MS = 60_000;
/** How often unpaid passes whose reservation ran out give their place back. */
const RESERVATION_SWEEP_INTERVAL_MS = 60_000;
/** How often passes about to expire are looked for (the reminders are days apart). */
const EXPIRY_REMINDER_INTERVAL_MS = 10 * 60_000;
/** Payment plans' instalments fall due at the start of a day; a few minutes late is on time. */
const PAYMENT_PLAN_SWEEP_INTERVAL_MS = 5 * 60_000;
/** Waitlist offers run for hours; a minute late is within what a person would notice. */
const WAITLIST_SWEEP_INTERVAL_MS = 60_000;

import { RETENTION_SWEEP_INTERVAL_MS, sweepRetention } from './features/privacy';
import { sweepAbandonedUploads } from './features/uploads';
import { sweepWaitlists } from './features/waitlists';
import { startScheduledSweep } from './scheduled-sweep';

async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    readDatabaseUrl: config.READ_DATABASE_URL,
    pgliteDir: `${config.DATA_DIR}/pglite`,
    poolSize: config.DATABASE_POOL_SIZE,
    connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    onConnectionError: (error) =>
      console.error(`A pooled database connection failed (${error.message}); it will be replaced.`),
    // Several processes may serve one database: each hears the others' tenant changes at once.
    listenForChanges: true,
    onListenError: (error) =>
      console.error(`Listening for other processes' changes: ${error.message}; retrying.`),
  });
  const applied = await migrate(database.db);
  const payments = createPaymentGateway(config, { db: database.db, clock: systemClock });
  const storage = createStorage(config, systemClock);
  // The background work (the email worker, which is also what sends through the mail transport,
  // and the sweeps) runs as the owner on connections of its own (decision 246).
  const { backgroundDb } = database;
  const mail = createMailTransport(config, backgroundDb);
  const app = await buildApp(
    { config, db: database.db, readDb: database.readDb, clock: systemClock, payments, storage, mail },
    // Development reads a short log; production writes JSON for the log collector.
    { logStream: config.NODE_ENV === 'development' ? humanLogStream() : undefined },
  );
  const metricsServer = await startProcessMetrics(app, database, config);
  const onRound = app.metrics.sweepRound;
  if (applied.length) app.log.info({ applied }, 'applied database migrations');
  await seedDemoDataOnStart({ config, db: database.db, log: app.log });

  const emailWorker = startEmailWorker(
    { db: backgroundDb, mail, clock: systemClock, config },
    { intervalMs: config.MAIL_POLL_INTERVAL_MS, log: app.log },
  );

  // The sandbox provider renews its own subscriptions (Stripe renews on its side).
  const renewals =
    payments.provider === 'sandbox'
      ? startScheduledSweep({
          name: 'sandbox-subscription-renewals',
          intervalMs: SANDBOX_RENEWAL_INTERVAL_MS,
          round: () => renewDueSandboxSubscriptions({ db: backgroundDb, clock: systemClock, log: app.log }),
          log: app.log,
          onRound,
        })
      : null;
  const uploadSweep = startScheduledSweep({
    name: 'unconfirmed-appeals-and-abandoned-uploads',
    intervalMs: config.UPLOAD_SWEEP_INTERVAL_MS,
    // Expired unconfirmed appeals first: their photos become abandoned uploads, swept right after.
    round: async () => {
      await sweepUnconfirmedAppeals({ db: backgroundDb, now: systemClock.now() });
      await sweepAbandonedUploads({ db: backgroundDb, storage, now: systemClock.now() });
    },
    log: app.log,
    onRound,
  });

  const reservationSweep = startScheduledSweep({
    name: 'unpaid-pass-reservations',
    intervalMs: RESERVATION_SWEEP_INTERVAL_MS,
    round: () => releaseExpiredReservations({ db: backgroundDb, clock: systemClock }),
    log: app.log,
    onRound,
  });

  const expiryReminders = startScheduledSweep({
    name: 'pass-expiry-reminders',
    intervalMs: EXPIRY_REMINDER_INTERVAL_MS,
    round: () => sendExpiryReminders({ db: backgroundDb, clock: systemClock, config }),
    log: app.log,
    onRound,
  });

  // Waitlists (decision 210): offers that ran out go to the next person; places freed by time are offered.
  const waitlistSweep = startScheduledSweep({
    name: 'waitlist-offers',
    intervalMs: WAITLIST_SWEEP_INTERVAL_MS,
    round: () => sweepWaitlists({ db: backgroundDb, clock: systemClock, config }),
    log: app.log,
    onRound,
  });

  // Payment plans (decision 222): due instalments charged to the saved card, with either provider.
  const planSweep = startScheduledSweep({
    name: 'payment-plan-instalments',
    intervalMs: PAYMENT_PLAN_SWEEP_INTERVAL_MS,
    round: () =>
      chargeDueInstalments({ db: backgroundDb, gateway: payments, clock: systemClock, log: app.log }),
    log: app.log,
    onRound,
  });

  // Kept results past IDEMPOTENCY_KEY_TTL_HOURS (a claim takes an expired key over in any case).
  const idempotencySweep = startScheduledSweep({
    name: 'expired-idempotency-keys',
    intervalMs: 3_600_000,
    round: () => deleteExpiredKeys(backgroundDb, systemClock.now()),
    log: app.log,
  });

  // Retention (docs/privacy.md): what each tenant keeps no longer than its settings say.
  const retentionSweep = startScheduledSweep({
    name: 'retention',
    intervalMs: RETENTION_SWEEP_INTERVAL_MS,
    round: () => sweepRetention({ db: backgroundDb, storage, now: systemClock.now() }),
    log: app.log,
  });

  const shutdown = async (signal: string) => {
    // Readiness answers 503 at once; requests are still served while the load balancer's health
    // check notices and sends new ones elsewhere, then the server closes (waiting for those in flight).
    app.lifecycle.beginShutdown();
    app.log.info({ signal, drainMs: config.SHUTDOWN_DRAIN_MS }, 'shutting down');
    await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_MS));
    // Each step is logged: a shutdown that does not finish says where it waits.
    app.log.info('shutdown: drained; stopping the workers');
    await emailWorker.stop();
    await reservationSweep.stop();
    await expiryReminders.stop();
    await waitlistSweep.stop();
    await planSweep.stop();
    await idempotencySweep.stop();
    await renewals?.stop();
    await uploadSweep.stop();
    await retentionSweep.stop();
    app.log.info('shutdown: workers stopped; closing the server (waiting for requests in flight)');
    // A connection busy when the close began is closed as soon as it falls idle, not after the
    // keep-alive timeout (Node closes only the connections idle at that moment).
    const closeIdle = setInterval(() => app.server.closeIdleConnections(), 250);
    await app.close();
    clearInterval(closeIdle);
    app.log.info('shutdown: server closed; closing the database');
    await metricsServer?.close();
    await mail.close?.();
    await database.close();
    app.log.info('shutdown: done');
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  await app.listen({ port: config.PORT, host: config.HOST });
  const tenants = await app.deps.db.query.tenants.findMany({ columns: { subdomain: true }, limit: 5 });
  const urls = tenants.map((tenant) => `  ${tenantBaseUrl(config, tenant.subdomain)}`);
  console.log(
    [
      '',
      `Parking portal is running (${database.driver === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.DATA_DIR}`}).`,
      'Open a tenant portal:',
      ...urls,
      `API documentation: ${config.publicBaseUrl.origin}/api/docs`,
      '',
    ].join('\n'),
  );
  await announceDevelopmentApiKey({ config, db: database.db, now: systemClock.now() });
}

/**
 * The metrics listener on METRICS_PORT, when set, with the process's own figures (CPU, memory,
 * event loop) and the gauges read at each scrape: the pool and the outbox's backlog.
 */
async function startProcessMetrics(
  app: Awaited<ReturnType<typeof buildApp>>,
  database: Awaited<ReturnType<typeof openDatabase>>,
  config: ReturnType<typeof loadConfig>,
) {
  if (!config.METRICS_PORT) return null;
  collectDefaultMetrics({ register: app.metrics.registry });
  app.metrics.watchPool(() => database.poolStats?.() ?? null);
  app.metrics.watchOutbox(() => readOutboxBacklog(database.backgroundDb));
  const server = await startMetricsServer({
    registry: app.metrics.registry,
    port: config.METRICS_PORT,
    host: config.METRICS_HOST,
  });
  app.log.info({ port: server.port, host: config.METRICS_HOST }, 'metrics listening');
  return server;
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
