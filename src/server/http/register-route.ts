import type {
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import {
  type ErrorStatus,
  errorResponseSchema,
  type ResponseInput,
  type RouteContract,
  type RouteInput,
} from '../../shared/contract';
import type { ApiInstance } from '../api-instance';

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
}

const BEARER_SECURITY = [{ bearerAuth: [] }];

function errorResponses(contract: RouteContract): Record<number, typeof errorResponseSchema> {
  const takesInput = Boolean(contract.params || contract.query || contract.body);
  const statuses = new Set<ErrorStatus>([...(takesInput ? [400 as const] : []), ...contract.errors]);
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
    isSignedIn || contract.auth === 'optional-customer' || contract.auth === 'enforcement-key'
      ? BEARER_SECURITY
      : undefined;
  app.route({
    method: contract.method,
    url: contract.path,
    ...hooks,
    schema: {
      tags: [...contract.tags],
      summary: contract.summary,
      ...(security ? { security } : {}),
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.body ? { body: contract.body } : {}),
      response: { 200: contract.response, ...errorResponses(contract) },
    },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      // Answers of the API are about one caller at one moment (balances, tokens, personal data):
      // no browser or proxy may keep them.
      reply.header('cache-control', 'no-store');
      return (handler as unknown as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>)(
        request,
        reply,
      );
    },
  });
}
