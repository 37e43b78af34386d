import type { FastifyInstance } from 'fastify';
import {
  changePasswordContract,
  checkCodeContract,
  errorResponseSchema,
  loginContract,
  resetPasswordContract,
  sendPasswordResetContract,
  signupContract,
  verifyEmailContract,
} from '../../../shared/contract';
import type { ApiInstance } from '../../api-instance';
import { authRateLimits, customerByEmail, signedInCustomer, tenantValue } from './rate-limits';
import {
  changePassword,
  checkSignupCode,
  logIn,
  resetPassword,
  sendPasswordResetEmail,
  signUp,
  verifyEmail,
} from './service';

const errors = (...statuses: number[]) =>
  Object.fromEntries([400, 404, 429, ...statuses].map((status) => [status, errorResponseSchema]));

export async function authRoutes(app: ApiInstance) {
  const { db, config, clock } = app.deps;
  const deps = { db, config, clock };
  const plain = app as unknown as FastifyInstance;

  app.post(
    loginContract.path,
    {
      ...authRateLimits(plain, 'login', customerByEmail('entitySubdomain')),
      schema: {
        tags: ['auth'],
        summary: 'Sign in: answers a bearer token for this tenant',
        body: loginContract.body,
        response: { 200: loginContract.response, ...errors(401, 403) },
      },
    },
    async (request) => {
      const tenant = await request.requireTenant(request.body.entitySubdomain);
      return logIn({ ...deps, tenant, email: request.body.email, password: request.body.password });
    },
  );

  app.post(
    signupContract.path,
    {
      ...authRateLimits(plain, 'signup', customerByEmail('entitySubdomain')),
      schema: {
        tags: ['auth'],
        summary: 'Create an account (with a sign-up code where the tenant needs one)',
        body: signupContract.body,
        response: { 200: signupContract.response, ...errors(401, 403, 409) },
      },
    },
    async (request) => {
      const { entitySubdomain, ...input } = request.body;
      const tenant = await request.requireTenant(entitySubdomain);
      return signUp({ ...deps, tenant, input });
    },
  );

  app.get(
    checkCodeContract.path,
    {
      ...authRateLimits(plain, 'checkcode', tenantValue('query', 'code', 'subdomain')),
      schema: {
        tags: ['auth'],
        summary: 'Check a sign-up code: 401 unknown, 404 tenant not issuing passes, 409 used',
        querystring: checkCodeContract.querystring,
        response: { 200: checkCodeContract.response, ...errors(401, 409) },
      },
    },
    async (request) => {
      const tenant = await request.requireTenant(request.query.subdomain);
      return checkSignupCode({ ...deps, tenant, code: request.query.code });
    },
  );

  app.put(
    changePasswordContract.path,
    {
      ...authRateLimits(plain, 'password', signedInCustomer),
      schema: {
        tags: ['auth'],
        summary: 'Change the password; earlier tokens stop working and a new one is answered',
        body: changePasswordContract.body,
        response: { 200: changePasswordContract.response, ...errors(401, 403) },
      },
    },
    async (request) => {
      const customer = await request.requireCustomer();
      const tenant = await request.requireTenant();
      return changePassword({ ...deps, tenant, customer, ...request.body });
    },
  );

  app.post(
    sendPasswordResetContract.path,
    {
      ...authRateLimits(plain, 'reset-request', customerByEmail('subdomain')),
      schema: {
        tags: ['auth'],
        summary: 'Email a single-use password reset link (valid for one hour)',
        body: sendPasswordResetContract.body,
        response: { 200: sendPasswordResetContract.response, ...errors() },
      },
    },
    async (request) => {
      const tenant = await request.requireTenant(request.body.subdomain);
      return sendPasswordResetEmail({ ...deps, tenant, email: request.body.email });
    },
  );

  app.post(
    resetPasswordContract.path,
    {
      ...authRateLimits(plain, 'reset', tenantValue('body', 'resetPasswordUUID', 'subdomain')),
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with an emailed reset link',
        body: resetPasswordContract.body,
        response: { 200: resetPasswordContract.response, ...errors() },
      },
    },
    async (request) => {
      const tenant = await request.requireTenant(request.body.subdomain);
      return resetPassword({
        ...deps,
        tenant,
        token: request.body.resetPasswordUUID,
        password: request.body.password,
      });
    },
  );

  app.post(
    verifyEmailContract.path,
    {
      ...authRateLimits(plain, 'verify-email', tenantValue('body', 'verifyEmailUUID', 'subdomain')),
      schema: {
        tags: ['auth'],
        summary: 'Confirm an email address with an emailed verification link',
        body: verifyEmailContract.body,
        response: { 200: verifyEmailContract.response, ...errors() },
      },
    },
    async (request) => {
      const tenant = await request.requireTenant(request.body.subdomain);
      return verifyEmail({ ...deps, tenant, token: request.body.verifyEmailUUID });
    },
  );
}
