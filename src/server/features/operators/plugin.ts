import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { OperatorRow } from '../../db/schema';
import { unauthorized } from '../../errors';
import { bearerTokenFrom, verifyAccessToken } from '../auth';
import { findOperatorById } from './queries';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The signed-in operator of the host's tenant: 401 without a token, with a bad, expired or
     * revoked one, with a customer's token or another tenant's; 404 on a bare or unknown host.
     */
    requireOperator(): Promise<OperatorRow>;
  }
}

const operatorCache = new WeakMap<FastifyRequest, Promise<OperatorRow>>();

async function loadOperator(app: FastifyInstance, request: FastifyRequest): Promise<OperatorRow> {
  const tenant = await request.requireTenant();
  const token = bearerTokenFrom(request.headers.authorization);
  if (!token) throw unauthorized();
  const { config, db, clock } = app.deps;
  const claims = await verifyAccessToken(
    config,
    token,
    { subdomain: tenant.subdomain, role: 'operator' },
    { now: clock.now() },
  );
  const operator = await findOperatorById(db, tenant.id, claims.subject);
  // Disabling bumps the token version too; the check of disabledAt is the belt to those braces.
  if (!operator || operator.tokenVersion !== claims.version || operator.disabledAt) throw unauthorized();
  return operator;
}

export const operatorPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('requireOperator', function (this: FastifyRequest) {
      let pending = operatorCache.get(this);
      if (!pending) {
        pending = loadOperator(app, this);
        operatorCache.set(this, pending);
      }
      return pending;
    });
  },
  { name: 'operators' },
);
