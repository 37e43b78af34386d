import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { cookieValue } from './request-language';

/**
 * Reads that tolerate a little lag on a replica (READ_DATABASE_URL, decision 221), and the
 * caller's own writes always visible to the caller: a request that changed something (a POST,
 * PUT, PATCH or DELETE answered below 400) sets a short cookie, and while the caller's browser
 * sends it their lag-tolerant reads go to the primary too. No cookie is set without a replica.
 */
export const WROTE_COOKIE = 'portal_wrote';
/** Far beyond a streaming standby's usual lag (milliseconds); a caller who waits longer reads the replica. */
export const READ_YOUR_WRITES_SECONDS = 10;

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The database for a read that may lag a little behind the primary: the replica, unless there
     * is none or this caller wrote in the last READ_YOUR_WRITES_SECONDS.
     */
    lagTolerantDb(): Database;
  }
}

export function readLagTolerantFromReplica(app: FastifyInstance): void {
  const { db, readDb } = app.deps;
  const replica = readDb && readDb !== db ? readDb : null;
  app.decorateRequest('lagTolerantDb', function lagTolerantDb(this: FastifyRequest): Database {
    if (!replica) return db;
    return cookieValue(this.headers.cookie, WROTE_COOKIE) ? db : replica;
  });
  if (!replica) return;
  app.addHook('onSend', (request, reply, payload, done) => {
    if (WRITES.has(request.method) && reply.statusCode < 400) {
      const secure = request.protocol === 'https' ? '; Secure' : '';
      reply.header(
        'set-cookie',
        `${WROTE_COOKIE}=1; Path=/; Max-Age=${READ_YOUR_WRITES_SECONDS}; HttpOnly; SameSite=Lax${secure}`,
      );
    }
    done(null, payload);
  });
}
