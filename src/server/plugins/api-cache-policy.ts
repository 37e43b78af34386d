import type { FastifyInstance } from 'fastify';

const DOCS_PREFIX = '/api/docs';

/**
 * API answers are personal or fresh: sessions, tokens, an account, a notice. No cache (a shared
 * proxy, the browser's back-forward cache, a disk cache on a shared computer) may keep one unless
 * its route says otherwise by setting its own Cache-Control (the brand does).
 */
export function preventApiCaching(app: FastifyInstance, apiPrefix: string): void {
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith(`${apiPrefix}/`) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });
}

/**
 * The documentation UI sends /static/index.html to the docs root, but only when the URL ends
 * there: with a query string it redirected to itself forever. Any such URL goes to the root.
 */
export function redirectDocsIndexWithQuery(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith(`${DOCS_PREFIX}/static/index.html?`)) {
      return reply.redirect(`${DOCS_PREFIX}/`);
    }
  });
}
