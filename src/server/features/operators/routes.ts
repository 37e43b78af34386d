import type { FastifyInstance } from 'fastify';
import { errorResponseSchema, operatorLoginContract } from '../../../shared/contract';
import type { ApiInstance } from '../../api-instance';
import { authRateLimits, operatorByEmail } from '../auth/rate-limits';
import { signInOperator } from './service';

export async function operatorRoutes(app: ApiInstance) {
  const { db, config, clock } = app.deps;

  app.post(
    operatorLoginContract.path,
    {
      // The same limits as the customers' sign-in: per client address and per account and client.
      ...authRateLimits(app as unknown as FastifyInstance, 'operator-login', operatorByEmail),
      schema: {
        tags: ['dashboard'],
        summary: "Operator sign-in on the host's tenant; answers a bearer token with the operator role",
        body: operatorLoginContract.body,
        response: {
          200: operatorLoginContract.response,
          400: errorResponseSchema,
          401: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const tenant = await request.requireTenant();
      return signInOperator({ db, config, clock, tenant, ...request.body });
    },
  );
}
