import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import type { TenantRow } from '../../db/schema';
import { enterTenant } from '../../db/tenant-scope';
import { unauthorized } from '../../errors';
import { enterTenantCurrency } from '../../plugins/request-currency';
import { bearerCredentialFrom } from '../auth';
import {
  type Action,
  type Actor,
  enforcementKeyActor,
  operatorActor,
  requirePermission,
} from '../permissions';
import { ActiveKeyCache, isWellFormedApiKey, LastUsedRecorder } from './api-keys';

export interface EnforcementCaller {
  tenant: TenantRow;
  actor: Actor;
}

const MISSING_KEY = 'Send an enforcement API key as Authorization: Bearer <key>.';
const INVALID_KEY = 'The API key is not valid for this portal.';

/**
 * The caller of an enforcement route: the tenant of its API key, or an operator signed in on the
 * tenant's host (the patrol app, decision 194). On a tenant's host the key must be that tenant's;
 * on the bare host the key alone names the tenant. A missing, malformed, revoked or foreign key,
 * and a bad, expired or other tenant's sign-in token, is a 401 before anything is read or written;
 * a signed-in operator whose role may not do the action is a 403.
 */
export function createEnforcementAuthenticator(db: Database, now: () => Date, keyCacheMs: number) {
  const keys = new ActiveKeyCache(db, keyCacheMs);
  const lastUsed = new LastUsedRecorder(db);
  return async function authenticate(
    request: Pick<FastifyRequest, 'headers' | 'hostSubdomain' | 'requireOperator' | 'requireTenant'>,
    action: Action,
  ): Promise<EnforcementCaller> {
    const token = bearerCredentialFrom(request.headers.authorization);
    if (!token) throw unauthorized(MISSING_KEY);
    if (!isWellFormedApiKey(token) && request.hostSubdomain) return authenticateOperator(request, action);
    const key = await keys.get(token);
    if (!key) throw unauthorized(INVALID_KEY);
    if (request.hostSubdomain && request.hostSubdomain !== key.tenant.subdomain)
      throw unauthorized(INVALID_KEY);
    enterTenant(key.tenant.id);
    enterTenantCurrency(key.tenant.currency);
    const actor = enforcementKeyActor(key.tenant.id, key.id);
    requirePermission(actor, action, { tenantId: key.tenant.id });
    await lastUsed.record(key, now());
    return { tenant: key.tenant, actor };
  };
}

/** An officer's (or an admin's) sign-in token, on their tenant's host only. */
async function authenticateOperator(
  request: Pick<FastifyRequest, 'requireOperator' | 'requireTenant'>,
  action: Action,
): Promise<EnforcementCaller> {
  const operator = await request.requireOperator();
  const tenant = await request.requireTenant();
  enterTenant(tenant.id);
  const actor = operatorActor(operator);
  requirePermission(actor, action, { tenantId: tenant.id });
  return { tenant, actor };
}

export type EnforcementAuthenticator = ReturnType<typeof createEnforcementAuthenticator>;
