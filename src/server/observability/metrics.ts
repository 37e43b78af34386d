import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/** A database pool's connections as the pool counts them (PostgreSQL only; PGlite has none). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/** The outbox's pending emails: how many, and when the oldest was queued. */
export interface OutboxBacklog {
  pending: number;
  oldestCreatedAt: Date | null;
}

/** What a scheduled sweep reports after each round. */
export interface SweepRound {
  name: string;
  intervalMs: number;
  finishedAt: Date;
  ok: boolean;
}

/**
 * The status class of an answer ('2xx', '4xx', ...): labels carry the class, never the exact code,
 * so the series stay few.
 */
export const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

/** The route pattern of a request that matched no route: one series for every unknown path. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The process's Prometheus metrics, one registry per app (tests build many apps in one process).
 * Labels are bounded by construction: route patterns (never a raw path or a tenant), status
 * classes, sweep and limit names from the code, and fixed outcome words.
 */
export function createMetrics() {
  const registry = new Registry();
  const sweeps = new Map<string, SweepRound & { lastSuccessAt: Date | null }>();
  let poolStats: (() => PoolStats | null) | null = null;
  let outboxBacklog: (() => Promise<OutboxBacklog>) | null = null;

  const httpRequests = new Counter({
    name: 'portal_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    registers: [registry],
  });
  const httpDuration = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time from the request arriving to its answer being sent, by method, route pattern and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const paymentEvents = new Counter({
    name: 'portal_payment_events_total',
    help: "Payment provider events (Stripe webhooks) received, by result: 'handled' or 'failed'.",
    labelNames: ['result'] as const,
    registers: [registry],
  });
  const rateLimitRefusals = new Counter({
    name: 'portal_rate_limit_refusals_total',
    help: 'Requests refused with 429 by a rate limit, by the limit’s name.',
    labelNames: ['limit'] as const,
    registers: [registry],
  });
  const databaseUnavailable = new Counter({
    name: 'portal_database_unavailable_total',
    help: 'Requests answered 503 because the database could not be reached or could not write.',
    registers: [registry],
  });
  new Gauge({
    name: 'portal_db_pool_connections',
    help: "PostgreSQL pool connections by state: 'in_use', 'idle', and requests 'waiting' for one.",
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = poolStats?.();
      if (!stats) return;
      this.set({ state: 'in_use' }, stats.total - stats.idle);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  // One query answers both outbox gauges; a scrape collects them one after the other.
  let backlogRead: Promise<OutboxBacklog | null> | null = null;
  const readBacklog = () => {
    backlogRead ??= (outboxBacklog?.() ?? Promise.resolve(null))
      .catch(() => null)
      .finally(() => {
        backlogRead = null;
      });
    return backlogRead;
  };
  new Gauge({
    name: 'portal_outbox_pending_emails',
    help: 'Emails queued in the outbox and not yet sent (nor given up on).',
    registers: [registry],
    async collect() {
      const backlog = await readBacklog();
      if (backlog) this.set(backlog.pending);
    },
  });
  new Gauge({
    name: 'portal_outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest email waiting in the outbox (0 when none is).',
    registers: [registry],
    async collect() {
      const backlog = await readBacklog();
      if (!backlog) return;
      const oldest = backlog.oldestCreatedAt;
      this.set(oldest ? Math.max(0, (Date.now() - oldest.getTime()) / 1000) : 0);
    },
  });
  new Gauge({
    name: 'portal_sweep_last_run_timestamp_seconds',
    help: 'When each scheduled sweep last finished a round (successful or not), in Unix seconds.',
    labelNames: ['sweep'] as const,
    registers: [registry],
    collect() {
      for (const sweep of sweeps.values()) this.set({ sweep: sweep.name }, sweep.finishedAt.getTime() / 1000);
    },
  });
  new Gauge({
    name: 'portal_sweep_lag_seconds',
    help: 'How far each scheduled sweep is behind: time since its last successful round, beyond its interval.',
    labelNames: ['sweep'] as const,
    registers: [registry],
    collect() {
      for (const sweep of sweeps.values()) {
        const since = sweep.lastSuccessAt ?? null;
        const behind = since ? (Date.now() - since.getTime() - sweep.intervalMs) / 1000 : Number.NaN;
        // A sweep that never succeeded has no lag to report yet; its failures counter says why.
        if (!Number.isNaN(behind)) this.set({ sweep: sweep.name }, Math.max(0, behind));
      }
    },
  });
  const sweepFailures = new Counter({
    name: 'portal_sweep_failures_total',
    help: 'Scheduled sweep rounds that failed, by sweep.',
    labelNames: ['sweep'] as const,
    registers: [registry],
  });

  return {
    registry,
    /** Counts one answered request under its route pattern (UNMATCHED_ROUTE when none matched). */
    observeRequest(method: string, route: string, status: number, seconds: number) {
      const labels = { method, route, status_class: statusClass(status) };
      httpRequests.inc(labels);
      httpDuration.observe(labels, seconds);
    },
    paymentEvent(result: 'handled' | 'failed') {
      paymentEvents.inc({ result });
    },
    rateLimitRefused(limit: string) {
      rateLimitRefusals.inc({ limit });
    },
    databaseUnavailable() {
      databaseUnavailable.inc();
    },
    sweepRound(round: SweepRound) {
      const previous = sweeps.get(round.name);
      sweeps.set(round.name, {
        ...round,
        lastSuccessAt: round.ok ? round.finishedAt : (previous?.lastSuccessAt ?? null),
      });
      if (!round.ok) sweepFailures.inc({ sweep: round.name });
    },
    /** Where the pool gauges read from (the process's PostgreSQL pool). */
    watchPool(stats: () => PoolStats | null) {
      poolStats = stats;
    },
    /** Where the outbox gauges read from, at each scrape. */
    watchOutbox(read: () => Promise<OutboxBacklog>) {
      outboxBacklog = read;
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
