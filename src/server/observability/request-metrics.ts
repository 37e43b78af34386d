import type { FastifyInstance } from 'fastify';
import { createMetrics, type Metrics, UNMATCHED_ROUTE } from './metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's Prometheus metrics (served on METRICS_PORT by metrics-server.ts). */
    metrics: Metrics;
  }
}

/**
 * Gives the app its metrics and counts every answer under its route pattern ('/api/v1/citation/:uuid',
 * never the path as sent, which holds ids and plates) and status class, with its duration.
 */
export function measureRequests(app: FastifyInstance): void {
  app.decorate('metrics', createMetrics());
  app.addHook('onResponse', (request, reply, done) => {
    app.metrics.observeRequest(
      request.method,
      request.routeOptions.url ?? UNMATCHED_ROUTE,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
}
