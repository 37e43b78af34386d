import pg from 'pg';
import { APP_ROLE, TENANT_SETTING } from './row-level-security';
import { currentDatabaseScope, type DatabaseScope } from './tenant-scope';

/**
 * Row-level security's scope on pooled connections (decision 152), set in the same write and the
 * same round trip as the first query that needs it (decision 167).
 *
 * A checkout carries the scope of the code that asked for it. Each query it runs first compares
 * that scope with what PostgreSQL last confirmed for the connection. When they differ, the query
 * either takes the scope statement with it (Bind and Execute before its own messages, one Sync for
 * both, so PostgreSQL runs them as one implicit transaction: an error in either undoes both and the
 * query never runs in the wrong scope), or, where that cannot be done, sends it first and waits.
 */

const SCOPE_STATEMENT = 'portal_set_scope';
const SCOPE_SQL = `SELECT set_config('role', $1, false), set_config('${TENANT_SETTING}', $2, false)`;

/** A scope as the connection is set to it: 'none' resets the role to the login role (the owner). */
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

/** Statements that open or close a transaction: one cannot share an implicit transaction. */
const TRANSACTION_CONTROL = /^\s*(begin|start|commit|end|rollback|abort|savepoint|release|prepare)\b/i;

/** The parts of pg's connection and query that carrying the scope relies on (pg 8, untyped). */
interface WireConnection {
  parsedStatements: Record<string, string | undefined>;
  bind(config: { statement: string; values: unknown[] }): void;
  execute(config: { portal?: string }): void;
}
interface QueryInternals {
  text?: string;
  callback?: QueryCallback;
  requiresPreparation(): boolean;
  submit(connection: WireConnection): Error | null;
  prepare(connection: WireConnection): void;
  handleDataRow(message: unknown): void;
  handleCommandComplete(message: unknown, connection: WireConnection): void;
  handleError(error: Error, connection: WireConnection): void;
  handleReadyForQuery(connection: WireConnection): void;
}
type QueryCallback = (error: Error | null, result?: unknown) => void;
// pg's Query, with the methods its Client calls on it (they exist, @types/pg leaves them out).
const WireQuery = pg.Query as unknown as new (config: unknown, values?: unknown) => QueryInternals;

/**
 * A query that, when written, sends the scope statement ahead of itself if the connection is not
 * yet confirmed in its scope, and takes the scope statement's reply off before its own.
 */
class ScopedQuery extends WireQuery {
  /** 'sent': the scope statement went ahead of this query and its reply has not come yet. */
  private scopeReply: 'none' | 'sent' | 'received' = 'none';
  private failed = false;

  constructor(
    config: unknown,
    values: unknown,
    private readonly setting: ScopeSetting,
    private readonly client: ScopedClient,
  ) {
    super(config, values);
  }

  override submit(connection: WireConnection): Error | null {
    if (this.client.confirmedScope === this.setting.key) return super.submit(connection);
    // Checked when the query is chosen; checked again here, where it matters.
    if (!this.requiresPreparation() || !connection.parsedStatements[SCOPE_STATEMENT]) {
      return new Error('A query could not take its database scope with it.');
    }
    this.scopeReply = 'sent';
    // Unknown until this query's ReadyForQuery says the implicit transaction committed.
    this.client.confirmedScope = null;
    return super.submit(connection);
  }

  // Called by submit() once the query's own checks passed, inside pg's cork of the socket: the
  // scope statement and the query leave in one write.
  override prepare(connection: WireConnection): void {
    if (this.scopeReply === 'sent') {
      connection.bind({ statement: SCOPE_STATEMENT, values: this.setting.values });
      connection.execute({});
    }
    super.prepare(connection);
  }

  override handleDataRow(message: unknown): void {
    if (this.scopeReply !== 'sent') super.handleDataRow(message);
  }

  override handleCommandComplete(message: unknown, connection: WireConnection): void {
    if (this.scopeReply === 'sent') this.scopeReply = 'received';
    else super.handleCommandComplete(message, connection);
  }

  override handleError(error: Error, connection: WireConnection): void {
    this.failed = true;
    super.handleError(error, connection);
  }

  override handleReadyForQuery(connection: WireConnection): void {
    if (this.scopeReply === 'received' && !this.failed) this.client.confirmedScope = this.setting.key;
    super.handleReadyForQuery(connection);
  }
}

/** pg's Client, knowing the scope its checkout wants and the scope PostgreSQL last confirmed. */
export class ScopedClient extends pg.Client {
  /** The current checkout's scope; null runs queries on the connection as it is ('shared'). */
  wantedScope: ScopeSetting | null = null;
  /** What the connection is set to, as PostgreSQL confirmed it; null when unknown. */
  confirmedScope: string | null = null;

  constructor(config?: string | pg.ClientConfig) {
    super(config);
    // pg's query() has a dozen overloads; this sees every call and hands it on. Assigned rather
    // than declared: TypeScript cannot override an overloaded method with one signature.
    const unscoped = pg.Client.prototype.query as (...args: unknown[]) => unknown;
    this.query = ((config: unknown, values?: unknown, callback?: unknown) =>
      this.scopedQuery(unscoped, config, values, callback)) as pg.Client['query'];
  }

  private scopedQuery(
    unscoped: (...args: unknown[]) => unknown,
    config: unknown,
    values: unknown,
    callback: unknown,
  ): unknown {
    const setting = this.wantedScope;
    if (!setting || this.confirmedScope === setting.key) return unscoped.call(this, config, values, callback);
    if (typeof values === 'function') {
      callback = values;
      values = undefined;
    }
    const done = typeof callback === 'function' ? (callback as QueryCallback) : undefined;
    if (typeof (config as { submit?: unknown } | null)?.submit === 'function') {
      // A cursor or stream (none in the app) cannot wait for the scope; refuse rather than risk it.
      throw new Error('A custom query cannot run on a connection whose database scope must change.');
    }

    const carried = new ScopedQuery(config, values, setting, this);
    const answer = this.canCarryScope(carried)
      ? new Promise((resolve, reject) => {
          carried.callback = (error, result) => (error ? reject(error) : resolve(result));
          unscoped.call(this, carried);
        })
      : // The scope statement first, in its own round trip: the connection's first use (its scope
        // statement is not prepared yet), a statement without parameters, or one that opens or
        // closes a transaction.
        this.applyScope(setting).then(() => unscoped.call(this, config, values));
    if (!done) return answer;
    answer.then(
      (result) => done(null, result),
      (error: Error) => done(error),
    );
    return undefined;
  }

  private canCarryScope(query: QueryInternals): boolean {
    const connection = (this as unknown as { connection: WireConnection }).connection;
    return (
      query.requiresPreparation() &&
      !TRANSACTION_CONTROL.test(query.text ?? '') &&
      connection.parsedStatements[SCOPE_STATEMENT] !== undefined
    );
  }

  private async applyScope(setting: ScopeSetting): Promise<void> {
    this.confirmedScope = null;
    // Named: each connection prepares it once; later switches bind it (above, with the query).
    await (pg.Client.prototype.query as (config: pg.QueryConfig) => Promise<unknown>).call(this, {
      name: SCOPE_STATEMENT,
      text: SCOPE_SQL,
      values: setting.values,
    });
    this.confirmedScope = setting.key;
  }
}

type ConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  done: () => void,
) => void;

/**
 * pg's Pool, each checkout carrying the scope of the code that asked for it
 * (src/server/db/tenant-scope.ts). Pool.query checks out through connect() too, and Drizzle's
 * transactions take their connection from it, so every query of the app passes here.
 */
export class TenantScopedPool extends pg.Pool {
  constructor(config: pg.PoolConfig) {
    super({ ...config, Client: ScopedClient });
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    // Read now, in the caller's async context: the pool may hand the client over from another one.
    const setting = settingOf(currentDatabaseScope());
    const scoped = super.connect().then((client) => {
      (client as unknown as ScopedClient).wantedScope = setting;
      return client;
    });
    if (!callback) return scoped;
    scoped.then(
      (client) => callback(undefined, client, () => client.release()),
      (error: Error) => callback(error, undefined, () => {}),
    );
    return undefined;
  }
}
