import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '../db/client';
import { readMigrations } from '../db/migrate';
import { withSystemScope } from '../db/tenant-scope';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the process is in its life: readiness answers 503 from the moment a shutdown starts. */
    lifecycle: { isShuttingDown: boolean; beginShutdown(): void };
  }
}

/** A dependency that does not answer within this long counts as down: a probe must not hang. */
const CHECK_TIMEOUT_MS = 2_000;

type CheckResult = 'ok' | 'unreachable' | 'migrations pending';

function withinTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * `GET /healthz` (the process runs; no database call) and `GET /readyz` (this process can serve:
 * the database answers and has every migration this code knows, Redis answers when configured,
 * and no shutdown has started). Both sit outside the API prefix and the contract, need no tenant
 * host, are not rate-limited, and name each part's state without any address or setting. Their
 * request lines are not logged: a load balancer asks every second or two.
 */
export async function registerHealthRoutes(app: FastifyInstance): Promise<void> {
  const lifecycle = {
    isShuttingDown: false,
    beginShutdown() {
      lifecycle.isShuttingDown = true;
    },
  };
  app.decorate('lifecycle', lifecycle);
  // From the moment a shutdown starts, every answer closes its connection: a kept-alive
  // connection (a load balancer keeps them for a minute) would otherwise outlive the drain, and
  // the server's close waits for it until its keep-alive timeout (72 s) runs out.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (lifecycle.isShuttingDown) reply.header('connection', 'close');
    done(null, payload);
  });
  const knownMigrations = readMigrations().map((migration) => migration.name);

  const checkDatabase = async (): Promise<CheckResult> => {
    try {
      // The migrations table belongs to no tenant; the owner reads it (decision 152).
      const applied = await withinTimeout(
        withSystemScope(() =>
          queryRows<{ name: string }>(app.deps.db, sql`SELECT name FROM schema_migrations`),
        ),
      );
      const names = new Set(applied.map((row) => row.name));
      return knownMigrations.every((name) => names.has(name)) ? 'ok' : 'migrations pending';
    } catch {
      return 'unreachable';
    }
  };
  const checkRedis = async (): Promise<CheckResult> => {
    try {
      await withinTimeout<unknown>(app.rateLimitStore?.ping() ?? Promise.resolve());
      return 'ok';
    } catch {
      return 'unreachable';
    }
  };

  // Probes arriving together share one round of checks: a burst of them (several balancers, a
  // retry storm) costs one query, not a queue of them on the pool.
  let checking: Promise<Record<string, CheckResult>> | null = null;
  const checkAll = () => {
    checking ??= Promise.all([checkDatabase(), app.rateLimitStore ? checkRedis() : Promise.resolve(null)])
      .then(([database, redis]) => ({ database, ...(redis ? { redis } : {}) }))
      .finally(() => {
        checking = null;
      });
    return checking;
  };

  const quiet = { logLevel: 'warn' as const };
  app.route({
    method: 'GET',
    url: '/healthz',
    ...quiet,
    schema: {
      operationId: 'healthz',
      summary: 'Liveness: 200 while the process runs (no database call)',
      tags: ['operations'],
      security: [],
    },
    handler: async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  });
  app.route({
    method: 'GET',
    url: '/readyz',
    ...quiet,
    schema: {
      operationId: 'readyz',
      summary: 'Readiness: 200 when this process can serve, 503 naming the failing part otherwise',
      tags: ['operations'],
      security: [],
    },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      if (lifecycle.isShuttingDown) {
        return reply.status(503).send({ status: 'unavailable', checks: { process: 'shutting down' } });
      }
      const checks = await checkAll();
      const ready = Object.values(checks).every((state) => state === 'ok');
      return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', checks });
    },
  });
}
