import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Whose rows a query may see on PostgreSQL (decision 152), carried with the async context:
 * - inside a request: the app role, keyed to the request's tenant once it is known (nothing of
 *   any tenant before that);
 * - `withSystemScope`: the owner, for the few request paths that must cross tenants by design
 *   (a credential that names its tenant, a provider's webhook) and say so;
 * - outside any request (migrations, scheduled sweeps, workers, CLIs, seeding): the owner.
 */
export type DatabaseScope = { kind: 'owner' } | { kind: 'tenant'; tenantId: string | null };

interface ScopeStore {
  system: boolean;
  tenantId: string | null;
}

const scopes = new AsyncLocalStorage<ScopeStore>();

/** Runs a request's work in its own scope, with no tenant until `enterTenant` names one. */
export function runInRequestScope<T>(work: () => T, store: ScopeStore = newRequestScope()): T {
  return scopes.run(store, work);
}

/** A request's scope, to keep on the request and re-enter where Fastify loses the context. */
export function newRequestScope(): ScopeStore {
  return { system: false, tenantId: null };
}

/** Names the request's tenant: its later queries see that tenant's rows, and only those. */
export function enterTenant(tenantId: string): void {
  const store = scopes.getStore();
  if (store && !store.system) store.tenantId = tenantId;
}

/** Runs work as the owner: every tenant's rows. Only for paths that cross tenants by design. */
export function withSystemScope<T>(work: () => Promise<T>): Promise<T> {
  return scopes.run({ system: true, tenantId: null }, work);
}

export function currentDatabaseScope(): DatabaseScope {
  const store = scopes.getStore();
  if (!store || store.system) return { kind: 'owner' };
  return { kind: 'tenant', tenantId: store.tenantId };
}
