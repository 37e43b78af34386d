import type { FastifyInstance } from 'fastify';

const DOCS_PREFIX = '/api/docs';

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
