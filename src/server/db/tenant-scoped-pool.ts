import pg from 'pg';
import { APP_ROLE, TENANT_SETTING } from './row-level-security';
import { currentDatabaseScope, type DatabaseScope } from './tenant-scope';
import {
  type QueryCallback,
  type QueryInternals,
  readsArrayRows,
  type WireConnection,
  WireQuery,
} from './wire-query';

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

/** A statement that sets a connection's scope, prepared once on each connection. */
interface ScopeStatement {
  name: string;
  text: string;
}
/** The role and the tenant: from the owner's scope, or when what the connection is set to is unknown. */
const SET_SCOPE: ScopeStatement = {
  name: 'portal_set_scope',
  text: `SELECT set_config('role', $1, false), set_config('${TENANT_SETTING}', $2, false)`,
};
/**
 * The tenant alone, from one tenant's scope to another's (the role is the app role already): the
 * busiest switch, one setting for PostgreSQL to change and undo at commit instead of two.
 */
const SET_TENANT: ScopeStatement = {
  name: 'portal_set_tenant',
  text: `SELECT set_config('${TENANT_SETTING}', $1, false)`,
};

/** A scope as the connection is set to it: 'none' resets the role to the login role (the owner). */
interface ScopeSetting {
  key: string;
  values: [role: string, tenant: string];
}

const TENANT_KEY_PREFIX = 'tenant:';

function settingOf(scope: DatabaseScope): ScopeSetting | null {
  if (scope.kind === 'shared') return null;
  if (scope.kind === 'owner') return { key: 'owner', values: ['none', ''] };
  const tenant = scope.tenantId ?? '';
  return { key: `${TENANT_KEY_PREFIX}${tenant}`, values: [APP_ROLE, tenant] };
}

/** The statement and values that take a connection confirmed in `confirmed` to `setting`. */
function switchTo(
  setting: ScopeSetting,
  confirmed: string | null,
  isPrepared: (statement: ScopeStatement) => boolean,
): { statement: ScopeStatement; values: string[] } {
  const tenantToTenant =
    confirmed?.startsWith(TENANT_KEY_PREFIX) === true && setting.key.startsWith(TENANT_KEY_PREFIX);
  return tenantToTenant && isPrepared(SET_TENANT)
    ? { statement: SET_TENANT, values: [setting.values[1]] }
    : { statement: SET_SCOPE, values: setting.values };
}

/** Statements that open or close a transaction: one cannot share an implicit transaction. */
const TRANSACTION_CONTROL = /^\s*(begin|start|commit|end|rollback|abort|savepoint|release|prepare)\b/i;

/**
 * A query that, when written, sends the scope statement ahead of itself if the connection is not
 * yet confirmed in its scope, and takes the scope statement's reply off before its own.
 */
class ScopedQuery extends WireQuery {
  /** 'sent': the scope statement went ahead of this query and its reply has not come yet. */
  private scopeReply: 'none' | 'sent' | 'received' = 'none';
  private scopeSwitch: { statement: ScopeStatement; values: string[] } | null = null;
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
    if (!this.requiresPreparation() || !isPrepared(connection, SET_SCOPE)) {
      return new Error('A query could not take its database scope with it.');
    }
    this.scopeSwitch = switchTo(this.setting, this.client.confirmedScope, (statement) =>
      isPrepared(connection, statement),
    );
    this.scopeReply = 'sent';
    // Unknown until this query's ReadyForQuery says the implicit transaction committed.
    this.client.confirmedScope = null;
    return super.submit(connection);
  }

  // Called by submit() once the query's own checks passed, inside pg's cork of the socket: the
  // scope statement and the query leave in one write.
  override prepare(connection: WireConnection): void {
    if (this.scopeReply === 'sent' && this.scopeSwitch) {
      connection.bind({ statement: this.scopeSwitch.statement.name, values: this.scopeSwitch.values });
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

/**
 * pg's Client, knowing the scope its checkout wants and the scope PostgreSQL last confirmed. Every
 * query of the app passes its query(): one that reads arrays runs as a WireQuery (decision 172).
 */
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
    const switching = setting !== null && this.confirmedScope !== setting.key;
    if (!switching && !readsArrayRows(config)) return unscoped.call(this, config, values, callback);
    if (typeof values === 'function') {
      callback = values;
      values = undefined;
    }
    const done = typeof callback === 'function' ? (callback as QueryCallback) : undefined;
    if (!switching) return this.sendQuery(unscoped, new WireQuery(config, values), done);
    if (typeof (config as { submit?: unknown } | null)?.submit === 'function') {
      // A cursor or stream (none in the app) cannot wait for the scope; refuse rather than risk it.
      throw new Error('A custom query cannot run on a connection whose database scope must change.');
    }

    const carried = new ScopedQuery(config, values, setting, this);
    if (this.canCarryScope(carried)) return this.sendQuery(unscoped, carried, done);
    // The scope statement first, in its own round trip: the connection's first use (its scope
    // statement is not prepared yet), a statement without parameters, or one that opens or closes
    // a transaction. Then it runs as any query on a connection already in its scope.
    const answer = this.applyScope(setting).then(() => this.scopedQuery(unscoped, config, values, undefined));
    if (!done) return answer;
    answer.then(
      (result) => done(null, result),
      (error: Error) => done(error),
    );
    return undefined;
  }

  /**
   * Hands pg a query of ours: answered to the callback (pg-pool's query() passes one), else as a
   * promise, as pg answers a query it makes itself.
   */
  private sendQuery(
    unscoped: (...args: unknown[]) => unknown,
    query: QueryInternals,
    done: QueryCallback | undefined,
  ): unknown {
    if (done) {
      query.callback = done;
      unscoped.call(this, query);
      return undefined;
    }
    return new Promise((resolve, reject) => {
      query.callback = (error, result) => (error ? reject(error) : resolve(result));
      unscoped.call(this, query);
    }).catch((error: Error) => {
      // As pg does: a stack that leads back to the caller, not to the socket's read.
      Error.captureStackTrace(error);
      throw error;
    });
  }

  private canCarryScope(query: QueryInternals): boolean {
    const connection = (this as unknown as { connection: WireConnection }).connection;
    return (
      query.requiresPreparation() &&
      !TRANSACTION_CONTROL.test(query.text ?? '') &&
      isPrepared(connection, SET_SCOPE)
    );
  }

  private async applyScope(setting: ScopeSetting): Promise<void> {
    this.confirmedScope = null;
    // Named: each connection prepares them once; later switches bind them (above, with the query).
    const run = (statement: ScopeStatement, values: string[]) =>
      (pg.Client.prototype.query as (config: pg.QueryConfig) => Promise<unknown>).call(this, {
        ...statement,
        values,
      });
    await run(SET_SCOPE, setting.values);
    // In a tenant's scope the next switch is likely to another tenant's: prepare its statement now,
    // setting the same tenant again.
    const connection = (this as unknown as { connection: WireConnection }).connection;
    if (setting.key.startsWith(TENANT_KEY_PREFIX) && !isPrepared(connection, SET_TENANT)) {
      await run(SET_TENANT, [setting.values[1]]);
    }
    this.confirmedScope = setting.key;
  }
}

function isPrepared(connection: WireConnection, statement: ScopeStatement): boolean {
  return connection.parsedStatements[statement.name] !== undefined;
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
    if (!callback) {
      return super.connect().then((client) => {
        (client as unknown as ScopedClient).wantedScope = setting;
        return client;
      });
    }
    // Pool.query's way in, once per query: straight through, without two promises on the way.
    super.connect((error, client, release) => {
      if (client) (client as unknown as ScopedClient).wantedScope = setting;
      callback(error, client, release);
    });
    return undefined;
  }
}
