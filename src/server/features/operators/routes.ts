import type { FastifyInstance } from 'fastify';
import { operatorLoginContract, operatorSignOutContract } from '../../../shared/contract';
import type { ApiInstance } from '../../api-instance';
import { registerRoute } from '../../http/register-route';
import { operatorByEmail, signInRateLimits } from '../auth';
import { clearedConsolePageCookie, consolePageCookie } from './console-page-cookie';
import { signInOperator } from './service';

export async function operatorRoutes(app: ApiInstance) {
  const { db, config, clock } = app.deps;
  const isSecure = config.NODE_ENV === 'production';

  registerRoute(
    app,
    operatorLoginContract,
    async (request, reply) => {
      const tenant = await request.requireTenant();
      const session = await signInOperator({ db, config, clock, tenant, ...request.body });
      // The same token, for the server to render the console's first page with (decision 252).
      reply.header(
        'set-cookie',
        consolePageCookie(session.jwtToken, { maxAgeSeconds: config.JWT_TTL_SECONDS, isSecure }),
      );
      return session;
    },
    // The same limits as the customers' sign-in: failures per client address, and per account and client.
    signInRateLimits(app as unknown as FastifyInstance, 'operator-login', operatorByEmail),
  );

  registerRoute(app, operatorSignOutContract, async (request, reply) => {
    // A bare or unknown host has no console: 404, as every tenant call.
    await request.requireTenant();
    reply.header('set-cookie', clearedConsolePageCookie({ isSecure }));
    return { message: 'Signed out.' };
  });
}
