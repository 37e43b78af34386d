import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { limitPerKey } from '../../plugins/rate-limit';

const MINUTE = 60_000;

/**
 * Two limits on each sensitive call: one per client address (counted before the body is even
 * validated, so garbage counts too) and one per account, keyed by the email or code the request
 * is about, whatever address it comes from (so a botnet cannot guess one password in parallel).
 */
export function authRateLimits(
  app: FastifyInstance,
  name: string,
  accountKey: (request: FastifyRequest) => string | null | undefined,
): { onRequest: preHandlerAsyncHookHandler[]; preHandler: preHandlerAsyncHookHandler[] } {
  const { config } = app.deps;
  return {
    onRequest: [
      limitPerKey(app, {
        name: `${name}:client`,
        max: config.AUTH_RATE_LIMIT_PER_CLIENT,
        timeWindow: MINUTE,
        key: (request) => request.ip,
      }),
    ],
    preHandler: [
      limitPerKey(app, {
        name: `${name}:account`,
        max: config.AUTH_RATE_LIMIT_PER_ACCOUNT,
        timeWindow: 15 * MINUTE,
        key: (request) =>
          `${request.hostSubdomain ?? '-'}:${(accountKey(request) ?? request.ip).toLowerCase()}`,
      }),
    ],
  };
}
