import pg from 'pg';
import { APP_ROLE, TENANT_SETTING } from './row-level-security';
import { currentDatabaseScope, type DatabaseScope } from './tenant-scope';

/**
 * Row-level security's scope on pooled connections (decisions 152 and 193): each checkout runs as
 * the scope of the code that asked for it. When the connection was last set to another scope, one
 * statement sets it before the connection is handed over, through pg's public API only, so tenant
 * isolation does not depend on how a driver release writes its protocol messages.
 */

/** Sets the role and the tenant for the session (not the transaction): prepared once per connection. */
const SET_SCOPE = {
  name: 'portal_set_scope',
  text: `SELECT set_config('role', $1, false), set_config('${TENANT_SETTING}', $2, false)`,
};

/** A scope as the connection is set to it: role 'none' resets the role to the login role (the owner). */
interface ScopeSetting {
  key: string;
  values: [role: string, tenant: string];
}

function settingOf(scope: DatabaseScope): ScopeSetting | null {
  if (scope.kind === 'shared') return null;
  if (scope.kind === 'owner') return { key: 'owner', values: ['none', ''] };
  const tenant = scope.tenantId ?? '';
  return { key: `tenant:${tenant}`, values: [APP_ROLE, tenant] };
}

type QueryCallback = (error: Error | undefined, result?: unknown) => void;

/**
 * An error that leaves the connection usable (PostgreSQL refused a statement) is not a reason to
 * close it; any other (a broken socket, say) is, as pg-pool does for its own query().
 */
const breaksConnection = (error: unknown) => !(error instanceof pg.DatabaseError);

/**
 * pg's Pool, each checkout carrying the scope of the code that asked for it
 * (src/server/db/tenant-scope.ts). Drizzle runs its queries through query() and takes its
 * transactions' connection from connect(): both come here.
 */
export class TenantScopedPool extends pg.Pool {
  /** What each connection is set to, as its last scope statement left it; absent when unknown. */
  private readonly scopeOf = new WeakMap<pg.PoolClient, string>();

  constructor(config: pg.PoolConfig) {
    super(config);
    // pg's query() has a dozen overloads; this sees every call and hands it on. Assigned rather
    // than declared: TypeScript cannot override an overloaded method with one signature.
    this.query = ((config: unknown, values?: unknown, callback?: unknown) =>
      this.scopedQuery(config, values, callback)) as pg.Pool['query'];
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (error: Error | undefined, client: pg.PoolClient | undefined, done: () => void) => void,
  ): void;
  override connect(
    callback?: (error: Error | undefined, client: pg.PoolClient | undefined, done: () => void) => void,
  ): Promise<pg.PoolClient> | undefined {
    // Read now, in the caller's async context: the pool may hand the client over from another one.
    const setting = settingOf(currentDatabaseScope());
    const scoped = super.connect().then((client) => this.enter(client, setting));
    if (!callback) return scoped;
    scoped.then(
      (client) => callback(undefined, client, () => client.release()),
      (error: Error) => callback(error, undefined, () => {}),
    );
    return undefined;
  }

  private async enter(client: pg.PoolClient, setting: ScopeSetting | null): Promise<pg.PoolClient> {
    if (setting === null || this.scopeOf.get(client) === setting.key) return client;
    this.scopeOf.delete(client);
    try {
      await client.query({ ...SET_SCOPE, values: setting.values });
    } catch (error) {
      // Its scope is unknown now: the connection is not handed to anyone, this caller included.
      client.release(error as Error);
      throw error;
    }
    this.scopeOf.set(client, setting.key);
    return client;
  }

  private scopedQuery(config: unknown, values: unknown, callback: unknown): Promise<unknown> | undefined {
    if (typeof values === 'function') {
      callback = values;
      values = undefined;
    }
    const answer = this.connect().then(async (client) => {
      try {
        const result = await client.query(config as pg.QueryConfig, values as unknown[] | undefined);
        client.release();
        return result;
      } catch (error) {
        client.release(breaksConnection(error) ? (error as Error) : undefined);
        throw error;
      }
    });
    if (typeof callback !== 'function') return answer;
    const done = callback as QueryCallback;
    answer.then(
      (result) => done(undefined, result),
      (error: Error) => done(error),
    );
    return undefined;
  }
}
