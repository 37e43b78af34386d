import type { FastifyInstance } from 'fastify';

const DOCS_PREFIX = '/api/docs';

/**
 * The documentation UI sends /static/index.html to the docs root, but only when the URL ends
 * there: with a query string it redirected to itself forever. Any such URL goes to the root.
 */
export function redirectDocsIndexWithQuery(app: FastifyInstance): void {
  // Callback style: it runs on every request, and an async hook costs each one a promise.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith(`${DOCS_PREFIX}/static/index.html?`)) {
      reply.redirect(`${DOCS_PREFIX}/`);
      return;
    }
    done();
  });
}
