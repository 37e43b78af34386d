import type {
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  onResponseAsyncHookHandler,
  preHandlerAsyncHookHandler,
  preValidationAsyncHookHandler,
} from 'fastify';
import {
  type ErrorStatus,
  errorResponseSchema,
  type ResponseInput,
  type RouteContract,
  type RouteInput,
} from '../../shared/contract';
import type { ApiInstance } from '../api-instance';
import { bearerCredentialFrom } from '../features/auth';
import { isWellFormedApiKey } from '../features/enforcement';
import { operatorActor, requirePermission } from '../features/permissions';
import { idempotencyHeadersSchema, idempotentHandler } from './idempotent-handler';
import { operationIdOf } from './operation-ids';

/** The request a handler sees: Fastify's, with params, query and body typed by the contract. */
export type ContractRequest<Contract extends RouteContract> = Omit<
  FastifyRequest,
  'params' | 'query' | 'body'
> &
  RouteInput<Contract>;

export type ContractHandler<Contract extends RouteContract> = (
  request: ContractRequest<Contract>,
  reply: FastifyReply,
) => Promise<ResponseInput<Contract>>;

/** Hooks a route adds around its handler (rate limits, raw bodies). */
export interface RouteHooks {
  onRequest?: onRequestAsyncHookHandler[];
  preHandler?: preHandlerAsyncHookHandler[];
  onResponse?: onResponseAsyncHookHandler[];
}

const BEARER_SECURITY = [{ bearerAuth: [] }];
/** Signed in or not: either the bearer token or nothing. */
const OPTIONAL_BEARER_SECURITY = [{}, ...BEARER_SECURITY];
/** Declared on public calls too, as an empty list: no credential is needed (OpenAPI 3). */
const NO_SECURITY: never[] = [];

/**
 * An operator route's contract names the permission it needs (decision 151); it is checked here,
 * before the input is validated, so a role without it gets 403 whatever it sends (never a 400 that
 * tells it how to shape a request it may not make), and a handler that forgets its own check is
 * still guarded. Handlers keep checking with the record in hand (another tenant's is a 404).
 */
function contractPermissionHook(contract: RouteContract): preValidationAsyncHookHandler[] {
  const { permission } = contract;
  if (contract.auth === 'enforcement-key' && permission) return [enforcementSessionPermission(permission)];
  if (contract.auth !== 'operator' || !permission) return [];
  return [
    async (request) => {
      requirePermission(operatorActor(await request.requireOperator()), permission);
    },
  ];
}

/**
 * An enforcement route called with an officer's session rather than an API key (decision 194): the
 * operator's role is checked before the input, as on operator routes. Keys are checked in the
 * handler (their tenant and revocation), as before.
 */
function enforcementSessionPermission(
  permission: NonNullable<RouteContract['permission']>,
): preValidationAsyncHookHandler {
  return async (request) => {
    const credential = bearerCredentialFrom(request.headers.authorization);
    if (!credential || isWellFormedApiKey(credential) || !request.hostSubdomain) return;
    requirePermission(operatorActor(await request.requireOperator()), permission);
  };
}

function errorResponses(contract: RouteContract): Record<number, typeof errorResponseSchema> {
  const takesInput = Boolean(contract.params || contract.query || contract.body);
  const statuses = new Set<ErrorStatus>([
    ...(takesInput || contract.idempotent ? [400 as const] : []),
    ...contract.errors,
    // A key still in use by its first request, or reused for another request (decision 176).
    ...(contract.idempotent ? [409 as const, 422 as const] : []),
  ]);
  return Object.fromEntries([...statuses].map((status) => [status, errorResponseSchema]));
}

/**
 * Registers a route from its contract: method, path, validation, serialisation and the OpenAPI
 * entry all come from the one declaration the web client also calls through, so the two ends
 * cannot drift apart.
 */
export function registerRoute<Contract extends RouteContract>(
  app: ApiInstance,
  contract: Contract,
  handler: ContractHandler<Contract>,
  hooks: RouteHooks = {},
): void {
  const isSignedIn =
    contract.auth === 'customer' || contract.auth === 'operator' || contract.auth === 'platform-admin';
  const security =
    contract.auth === 'optional-customer'
      ? OPTIONAL_BEARER_SECURITY
      : isSignedIn || contract.auth === 'enforcement-key'
        ? BEARER_SECURITY
        : NO_SECURITY;
  const operationId = operationIdOf(contract);
  app.route({
    method: contract.method,
    url: contract.path,
    ...hooks,
    preValidation: contractPermissionHook(contract),
    schema: {
      ...(operationId ? { operationId } : {}),
      tags: [...contract.tags],
      summary: contract.summary,
      security,
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.body ? { body: contract.body } : {}),
      ...(contract.idempotent ? { headers: idempotencyHeadersSchema } : {}),
      response: { 200: contract.response, ...errorResponses(contract) },
    },
    // Its answers are not kept by any cache: the API's headers say so (security-headers.ts).
    handler: (contract.idempotent ? idempotentHandler(app, contract, handler) : handler) as unknown as (
      request: FastifyRequest,
      reply: FastifyReply,
    ) => Promise<unknown>,
  });
}
