import type { FastifyInstance } from 'fastify';
import { operatorLoginContract } from '../../../shared/contract';
import type { ApiInstance } from '../../api-instance';
import { registerRoute } from '../../http/register-route';
import { operatorByEmail, signInRateLimits } from '../auth';
import { signInOperator } from './service';

export async function operatorRoutes(app: ApiInstance) {
  const { db, config, clock } = app.deps;

  registerRoute(
    app,
    operatorLoginContract,
    async (request) => {
      const tenant = await request.requireTenant();
      return signInOperator({ db, config, clock, tenant, ...request.body });
    },
    // The same limits as the customers' sign-in: failures per client address, and per account and client.
    signInRateLimits(app as unknown as FastifyInstance, 'operator-login', operatorByEmail),
  );
}
