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
import {
  authRateLimits,
  customerByEmail,
  signedInCustomer,
  signInRateLimits,
  tenantValue,
} from './rate-limits';
import {
  changePassword,
  checkSignupCode,
  logIn,
  resetPassword,
  sendPasswordResetEmail,
  signUp,
  verifyEmail,
} from './service';

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
    signInRateLimits(plain, 'login', customerByEmail('entitySubdomain')),
  );

  registerRoute(
    app,
    signupContract,
    async (request) => {
      const { entitySubdomain, ...input } = request.body;
      const tenant = await request.requireTenant(entitySubdomain);
      return signUp({ ...deps, tenant, input });
    },
    authRateLimits(plain, 'signup', customerByEmail('entitySubdomain')),
  );

  registerRoute(
    app,
    checkCodeContract,
    async (request) => {
      const tenant = await request.requireTenant(request.query.subdomain);
      return checkSignupCode({ ...deps, tenant, code: request.query.code });
    },
    authRateLimits(plain, 'checkcode', tenantValue('query', 'code', 'subdomain')),
  );

  registerRoute(
    app,
    changePasswordContract,
    async (request) => {
      const customer = await request.requireCustomer();
      const tenant = await request.requireTenant();
      return changePassword({ ...deps, tenant, customer, ...request.body });
    },
    authRateLimits(plain, 'password', signedInCustomer),
  );

  registerRoute(
    app,
    sendPasswordResetContract,
    async (request) => {
      const tenant = await request.requireTenant(request.body.subdomain);
      return sendPasswordResetEmail({ ...deps, tenant, email: request.body.email });
    },
    authRateLimits(plain, 'reset-request', customerByEmail('subdomain')),
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
    authRateLimits(plain, 'reset', tenantValue('body', 'resetPasswordUUID', 'subdomain')),
  );

  registerRoute(
    app,
    verifyEmailContract,
    async (request) => {
      const tenant = await request.requireTenant(request.body.subdomain);
      return verifyEmail({ ...deps, tenant, token: request.body.verifyEmailUUID });
    },
    authRateLimits(plain, 'verify-email', tenantValue('body', 'verifyEmailUUID', 'subdomain')),
  );
}
