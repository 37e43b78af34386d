import pg from 'pg';
import { APP_ROLE, TENANT_SETTING } from './row-level-security';
import { currentDatabaseScope, type DatabaseScope } from './tenant-scope';

/** What a pooled connection was last set to, so an unchanged scope costs no round trip. */
const appliedScope = new WeakMap<pg.PoolClient, string>();

const scopeKey = (scope: Exclude<DatabaseScope, { kind: 'shared' }>) =>
  scope.kind === 'owner' ? 'owner' : `tenant:${scope.tenantId ?? ''}`;

/**
 * Sets the connection's role and tenant in one statement. 'none' resets the role to the login
 * role (the owner). Session-level (not SET LOCAL): it is set before any BEGIN and holds for the
 * queries this checkout runs; the next checkout sets it again if its scope differs.
 */
async function applyScope(client: pg.PoolClient, scope: DatabaseScope): Promise<void> {
  if (scope.kind === 'shared') return;
  const key = scopeKey(scope);
  if (appliedScope.get(client) === key) return;
  const role = scope.kind === 'owner' ? 'none' : APP_ROLE;
  const tenant = scope.kind === 'owner' ? '' : (scope.tenantId ?? '');
  // Named: each connection prepares it once, then only binds it (it runs on most requests when
  // tenants interleave, as they do on a busy portal).
  await client.query({
    name: 'portal_set_scope',
    text: `SELECT set_config('role', $1, false), set_config('${TENANT_SETTING}', $2, false)`,
    values: [role, tenant],
  });
  appliedScope.set(client, key);
}

type ConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  done: () => void,
) => void;

/**
 * pg's Pool, with every checked-out connection set to the scope of the code that asked for it
 * (src/server/db/tenant-scope.ts). Pool.query checks out through connect() too, and Drizzle's
 * transactions take their connection from it, so every query of the app passes here.
 */
export class TenantScopedPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    // Read now, in the caller's async context: the pool may hand the client over from another one.
    const scope = currentDatabaseScope();
    const scoped = super.connect().then(async (client) => {
      try {
        await applyScope(client, scope);
        return client;
      } catch (error) {
        // A connection in an unknown state goes, rather than back to the pool.
        client.release(error as Error);
        throw error;
      }
    });
    if (!callback) return scoped;
    scoped.then(
      (client) => callback(undefined, client, () => client.release()),
      (error: Error) => callback(error, undefined, () => {}),
    );
    return undefined;
  }
}
