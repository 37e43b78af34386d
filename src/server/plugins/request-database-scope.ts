import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isInScope, newRequestScope, runInRequestScope } from '../db/tenant-scope';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's database scope, made in its first hook (use the hooks, not this). */
    databaseScope: ReturnType<typeof newRequestScope> | null;
  }
}

/**
 * Every request runs in a database scope of its own (decision 152): its queries run as the app
 * role, see no tenant's rows until the tenancy plugin names the request's tenant, and then that
 * tenant's only. The scope is entered in onRequest and entered again before validation and the
 * handler: reading a body resumes from the socket's events, outside the context onRequest set.
 * It is kept on the request, a property every request has (one shape), not in a side table.
 */
export function scopeQueriesToTheRequest(app: FastifyInstance): void {
  app.decorateRequest('databaseScope', null);
  const enter = (request: FastifyRequest, done: () => void) => {
    let scope = request.databaseScope;
    if (!scope) {
      scope = newRequestScope(request.id);
      request.databaseScope = scope;
    }
    // A GET has no body to read, so the context usually survives from one hook to the next.
    if (isInScope(scope)) done();
    else runInRequestScope(done, scope);
  };
  app.addHook('onRequest', (request, _reply, done) => enter(request, done));
  app.addHook('preValidation', (request, _reply, done) => enter(request, done));
  app.addHook('preHandler', (request, _reply, done) => enter(request, done));
}
