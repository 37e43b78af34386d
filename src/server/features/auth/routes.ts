import type { FastifyInstance } from 'fastify';
import {
  changePasswordContract,
  checkCodeContract,
  loginContract,
  resetPasswordContract,
  sendPasswordResetContract,
  signupContract,
  verifyEmailContract,
} from '../../../shared/contract';
import type { ApiInstance } from '../../api-instance';
import { registerRoute } from '../../http/register-route';
import { authRateLimits } from './rate-limits';
import {
  changePassword,
  checkSignupCode,
  logIn,
  resetPassword,
  sendPasswordResetEmail,
  signUp,
  verifyEmail,
} from './service';

type WithBody = { body?: unknown; query?: unknown };
const bodyField = (field: string) => (request: WithBody) => {
  const value = (request.body as Record<string, unknown> | undefined)?.[field];
  return typeof value === 'string' ? value.replace(/\s+/g, '') : null;
};
const queryField = (field: string) => (request: WithBody) => {
  const value = (request.query as Record<string, unknown> | undefined)?.[field];
  return typeof value === 'string' ? value.replace(/\s+/g, '') : null;
};

export async function authRoutes(app: ApiInstance) {
  const { db, config, clock } = app.deps;
  const deps = { db, config, clock };
  const plain = app as unknown as FastifyInstance;

  registerRoute(
    app,
    loginContract,
    async (request) => {
      const tenant = await request.requireTenant(request.body.entitySubdomain);
      return logIn({ ...deps, tenant, email: request.body.email, password: request.body.password });
    },
    authRateLimits(plain, 'login', bodyField('email')),
  );

  registerRoute(
    app,
    signupContract,
    async (request) => {
      const { entitySubdomain, ...input } = request.body;
      const tenant = await request.requireTenant(entitySubdomain);
      return signUp({ ...deps, tenant, input });
    },
    authRateLimits(plain, 'signup', bodyField('email')),
  );

  registerRoute(
    app,
    checkCodeContract,
    async (request) => {
      const tenant = await request.requireTenant(request.query.subdomain);
      return checkSignupCode({ ...deps, tenant, code: request.query.code });
    },
    authRateLimits(plain, 'checkcode', queryField('code')),
  );

  registerRoute(
    app,
    changePasswordContract,
    async (request) => {
      const customer = await request.requireCustomer();
      const tenant = await request.requireTenant();
      return changePassword({ ...deps, tenant, customer, ...request.body });
    },
    authRateLimits(plain, 'password', (request) => request.headers.authorization?.slice(-32)),
  );

  registerRoute(
    app,
    sendPasswordResetContract,
    async (request) => {
      const tenant = await request.requireTenant(request.body.subdomain);
      return sendPasswordResetEmail({ ...deps, tenant, email: request.body.email });
    },
    authRateLimits(plain, 'reset-request', bodyField('email')),
  );

  registerRoute(
    app,
    resetPasswordContract,
    async (request) => {
      const tenant = await request.requireTenant(request.body.subdomain);
      return resetPassword({
        ...deps,
        tenant,
        token: request.body.resetPasswordUUID,
        password: request.body.password,
      });
    },
    authRateLimits(plain, 'reset', bodyField('resetPasswordUUID')),
  );

  registerRoute(
    app,
    verifyEmailContract,
    async (request) => {
      const tenant = await request.requireTenant(request.body.subdomain);
      return verifyEmail({ ...deps, tenant, token: request.body.verifyEmailUUID });
    },
    authRateLimits(plain, 'verify-email', bodyField('verifyEmailUUID')),
  );
}
