import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { stripWhitespace } from '../../../shared/rules/account-validation';
import type { RouteHooks } from '../../http/register-route';
import { limitFailures, limitPerKey } from '../../plugins/rate-limit';
import { findCustomerByEmail } from '../customers';

const MINUTE = 60_000;

/** Who a request is about: a stable account identity, or null when it names none. */
export type AccountKey = (request: FastifyRequest) => Promise<string | null> | string | null;

/**
 * Two limits on each sensitive call. One per client address, counted before the body is even
 * validated (so garbage counts too). One per account *and* client: the account is named by what
 * the server resolved (tenant id and account id), never by request text such as the Host label or
 * a token's spelling, so a caller cannot open fresh buckets by respelling it; and it is paired
 * with the client, so somebody else's failures never lock the owner out (decision record 081).
 */
export function authRateLimits(
  app: FastifyInstance,
  name: string,
  accountKey: AccountKey,
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
        key: accountAndClient(accountKey),
      }),
    ],
  };
}

/** The account a request names, paired with its client address ('none' when it names none). */
function accountAndClient(accountKey: AccountKey) {
  return async (request: FastifyRequest) => {
    const account = await Promise.resolve()
      .then(() => accountKey(request))
      .catch(() => null);
    return `${account ?? 'none'}|${request.ip}`;
  };
}

/**
 * The sign-in calls' limits: the same two allowances as `authRateLimits`, per client and per
 * account and client, but spent by failures only. A successful sign-in gives its client count back
 * and clears the account's failures there, so a customer who signs in ten times is never locked
 * out, while guessing still is.
 */
export function signInRateLimits(app: FastifyInstance, name: string, accountKey: AccountKey): RouteHooks {
  const { config } = app.deps;
  const perClient = limitFailures(app, {
    name: `${name}:client-failures`,
    max: config.AUTH_RATE_LIMIT_PER_CLIENT,
    timeWindow: MINUTE,
    key: (request) => request.ip,
    onSuccess: 'give-back',
  });
  const perAccount = limitFailures(app, {
    name: `${name}:account-failures`,
    max: config.AUTH_RATE_LIMIT_PER_ACCOUNT,
    timeWindow: 15 * MINUTE,
    key: accountAndClient(accountKey),
    onSuccess: 'clear',
  });
  return {
    onRequest: [perClient.check],
    preHandler: [perAccount.check],
    onResponse: [perClient.settle, perAccount.settle],
  };
}

type Fields = Record<string, unknown> | undefined;
const textOf = (value: unknown) => (typeof value === 'string' ? stripWhitespace(value).toLowerCase() : null);

/**
 * The customer account an email address names on the tenant of the call (the body's subdomain
 * field, else the host's): its id when it exists, else the tenant and the normalised address.
 */
export function customerByEmail(subdomainField: string): AccountKey {
  return async (request) => {
    const body = request.body as Fields;
    const email = textOf(body?.email);
    const subdomain =
      typeof body?.[subdomainField] === 'string' ? (body[subdomainField] as string) : undefined;
    if (!email) return null;
    const tenant = await request.requireTenant(subdomain?.toLowerCase()).catch(() => null);
    if (!tenant) return null;
    const customer = await findCustomerByEmail(request.server.deps.db, tenant.id, email);
    return customer ? `customer:${customer.id}` : `email:${tenant.id}:${email}`;
  };
}

/** The signed-in customer of the bearer token, by id (whatever the token's spelling). */
export const signedInCustomer: AccountKey = async (request) => {
  const customer = await request.requireCustomer().catch(() => null);
  return customer ? `customer:${customer.id}` : null;
};

/** A value of the body or query that is itself the secret being tried (a code, a link's token). */
export function tenantValue(part: 'body' | 'query', field: string, subdomainField: string): AccountKey {
  return async (request) => {
    const fields = request[part] as Fields;
    const value = textOf(fields?.[field]);
    const subdomain =
      typeof fields?.[subdomainField] === 'string' ? (fields[subdomainField] as string) : undefined;
    if (!value) return null;
    const tenant = await request.requireTenant(subdomain?.toLowerCase()).catch(() => null);
    return `${field}:${tenant?.id ?? 'none'}:${value}`;
  };
}

/** An operator account of the host's tenant, by its normalised address. */
export const operatorByEmail: AccountKey = async (request) => {
  const email = textOf((request.body as Fields)?.email);
  const tenant = await request.requireTenant().catch(() => null);
  return email && tenant ? `operator:${tenant.id}:${email}` : null;
};
