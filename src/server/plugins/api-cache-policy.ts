import type { FastifyInstance } from 'fastify';

/**
 * API answers are personal or fresh: sessions, tokens, an account, a notice. No cache (a shared
 * proxy, the browser's back-forward cache, a disk cache on a shared computer) may keep one unless
 * its route says otherwise by setting its own Cache-Control (the brand does).
 */
export function preventApiCaching(app: FastifyInstance, apiPrefix: string): void {
  // Callback style: it runs on every answer, and an async hook costs each one a promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith(`${apiPrefix}/`) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
