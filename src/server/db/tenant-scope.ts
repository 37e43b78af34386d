import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Whose rows a query may see on PostgreSQL (decision 152), carried with the async context:
 * - inside a request: the app role, keyed to the request's tenant once it is known (nothing of
 *   any tenant before that);
 * - `withSystemScope`: the owner, for the few request paths that must cross tenants by design
 *   (a credential that names its tenant, a provider's webhook) and say so;
 * - outside any request (migrations, scheduled sweeps, workers, CLIs, seeding): the owner;
 * - `readingSharedTables`: whatever the connection is set to, for a query that reads only tables
 *   no tenant owns (the tenant lookup by host), so it costs no switch.
 */
export type DatabaseScope =
  | { kind: 'owner' }
  | { kind: 'tenant'; tenantId: string | null }
  | { kind: 'shared' };

interface ScopeStore {
  system: boolean;
  tenantId: string | null;
  shared?: boolean;
  /** The request's id (X-Request-Id), written with the outbox and audit rows it causes. */
  requestId?: string;
}

const scopes = new AsyncLocalStorage<ScopeStore>();

/** Runs a request's work in its own scope, with no tenant until `enterTenant` names one. */
export function runInRequestScope<T>(work: () => T, store: ScopeStore = newRequestScope()): T {
  return scopes.run(store, work);
}

/** Whether the async context is already in this request scope (re-entering it would be a no-op). */
export function isInScope(store: ScopeStore): boolean {
  return scopes.getStore() === store;
}

/** A request's scope, to keep on the request and re-enter where Fastify loses the context. */
export function newRequestScope(requestId?: string): ScopeStore {
  return { system: false, tenantId: null, requestId };
}

/** The id of the request whose work this is, or null outside a request (a worker, a sweep). */
export function currentRequestId(): string | null {
  return scopes.getStore()?.requestId ?? null;
}

/** Names the request's tenant: its later queries see that tenant's rows, and only those. */
export function enterTenant(tenantId: string): void {
  const store = scopes.getStore();
  if (store && !store.system) store.tenantId = tenantId;
}

/** Runs work as the owner: every tenant's rows. Only for paths that cross tenants by design. */
export function withSystemScope<T>(work: () => Promise<T>): Promise<T> {
  return scopes.run({ system: true, tenantId: null, requestId: scopes.getStore()?.requestId }, work);
}

/**
 * Runs a read of tables without tenant_id (none has a policy) on any connection as it is: every
 * request looks its tenant up before the tenant is known, and switching a connection to 'no
 * tenant' for it would cost a round trip for nothing. Never for a query that touches tenant rows.
 */
export function readingSharedTables<T>(work: () => Promise<T>): Promise<T> {
  return scopes.run(
    { system: false, tenantId: null, shared: true, requestId: scopes.getStore()?.requestId },
    work,
  );
}

export function currentDatabaseScope(): DatabaseScope {
  const store = scopes.getStore();
  if (store?.shared) return { kind: 'shared' };
  if (!store || store.system) return { kind: 'owner' };
  return { kind: 'tenant', tenantId: store.tenantId };
}
