import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { RouteAuth, RouteContract } from '../../shared/contract';
import { idempotencyMessages } from '../../shared/messages/idempotency';
import type { ApiInstance } from '../api-instance';
import { AppError } from '../errors';
import { claimKey, type KeyScope, releaseKey, saveResult } from './idempotency-store';
import type { ContractHandler, ContractRequest } from './register-route';

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/**
 * The header as the route schema declares it (OpenAPI shows it as a parameter; a malformed key is
 * a 400 like any bad input). Loose: every other header passes through untouched.
 */
export const idempotencyHeadersSchema = z.looseObject({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string()
    .regex(/^[\x21-\x7e]{1,255}$/, { error: () => idempotencyMessages.keyInvalid })
    .optional()
    .describe(
      'A unique key per submission (a UUID); a retry with the same key and body answers the first result instead of doing the work again. Kept for IDEMPOTENCY_KEY_TTL_HOURS.',
    ),
});

/** How long a replay waits for the first request with its key before answering 409. */
const WAIT_FOR_FIRST_MS = 10_000;
const POLL_MS = 25;

const keyReused = () => new AppError(422, 'idempotency_key_reused', idempotencyMessages.keyReused);
const keyInUse = () => new AppError(409, 'idempotency_key_in_use', idempotencyMessages.keyInUse);

/** Whose key it is: the signed-in customer or operator, else the anonymous callers of the tenant. */
async function callerOf(request: FastifyRequest, auth: RouteAuth): Promise<string> {
  if (auth === 'operator') return `operator:${(await request.requireOperator()).id}`;
  if (auth === 'customer' || (auth === 'optional-customer' && request.bearerToken()))
    return `customer:${(await request.requireCustomer()).id}`;
  return 'anonymous';
}

/** The subdomain a call names in its path or body (guest checkouts may come from the bare host). */
function subdomainNamedBy(request: { params: unknown; body: unknown }): string | undefined {
  for (const part of [request.params, request.body]) {
    const subdomain = (part as { subdomain?: unknown } | undefined)?.subdomain;
    if (typeof subdomain === 'string') return subdomain;
  }
  return undefined;
}

/** The request a key was first used for: the route and its validated input. */
function fingerprintOf(contract: RouteContract, request: { params: unknown; query: unknown; body: unknown }) {
  const input = JSON.stringify([contract.method, contract.path, request.params, request.query, request.body]);
  return createHash('sha256').update(input).digest('hex');
}

/**
 * Wraps the handler of an idempotent contract (decision 176). Without the header it runs as is.
 * With one, the key is claimed in the database before the work: the first request runs and its
 * answer is kept; a replay with the same body answers that answer (waiting while the first still
 * runs); the same key with another body is a 422. A failed first request gives the key back, so
 * a retry runs afresh: it wrote nothing (its work is one transaction).
 */
export function idempotentHandler<Contract extends RouteContract>(
  app: ApiInstance,
  contract: Contract,
  handler: ContractHandler<Contract>,
): ContractHandler<Contract> {
  const { db, clock, config } = app.deps;
  const ttlMs = config.IDEMPOTENCY_KEY_TTL_HOURS * 3_600_000;
  return async (request: ContractRequest<Contract>, reply) => {
    const key = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (typeof key !== 'string') return handler(request, reply);
    const tenant = await request.requireTenant(subdomainNamedBy(request));
    const scope: KeyScope = { tenantId: tenant.id, caller: await callerOf(request, contract.auth), key };
    const fingerprint = fingerprintOf(contract, request);
    const deadline = Date.now() + WAIT_FOR_FIRST_MS;
    for (;;) {
      const claim = await claimKey(db, { ...scope, fingerprint, now: clock.now(), ttlMs });
      if (claim.isOwn) {
        try {
          const result = await handler(request, reply);
          await saveResult(db, { ...scope, status: reply.statusCode, body: result });
          return result;
        } catch (error) {
          await releaseKey(db, scope);
          throw error;
        }
      }
      const { row } = claim;
      if (row && row.fingerprint !== fingerprint) throw keyReused();
      if (row?.responseStatus != null) {
        reply.status(row.responseStatus).header('idempotent-replayed', 'true');
        return row.responseBody as Awaited<ReturnType<ContractHandler<Contract>>>;
      }
      // Still running (or given back a moment ago: then the next claim is ours).
      if (Date.now() >= deadline) throw keyInUse();
      if (row) await sleep(POLL_MS);
    }
  };
}
