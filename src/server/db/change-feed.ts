import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from './client';

/** What a process may keep a copy of, and is told about when another process changes it. */
export type ChangeTopic = 'tenant' | 'api-key' | 'report-scans';
const TOPICS: readonly string[] = ['tenant', 'api-key', 'report-scans'] satisfies ChangeTopic[];

type Listener = (key: string) => void;

/** PostgreSQL's NOTIFY channel of the portal's processes. */
const CHANNEL = 'portal_changes';
const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

interface ChangeMessage {
  topic: ChangeTopic;
  key: string;
}

const isChangeMessage = (value: unknown): value is ChangeMessage =>
  typeof value === 'object' &&
  value !== null &&
  TOPICS.includes((value as ChangeMessage).topic) &&
  typeof (value as ChangeMessage).key === 'string';

/**
 * Tells the portal's processes that something they may have cached changed (decision 163). The
 * process that made the change hears it at once; on PostgreSQL the others hear it through
 * LISTEN/NOTIFY (delivered when the change's transaction commits). Caches keep their own short
 * lifetime as well: a process that lost its listening connection is told to forget everything
 * when it is back (`onResync`), and in between its copies still run out.
 */
export class ChangeFeed {
  private readonly listeners = new Map<ChangeTopic, Set<Listener>>();
  private readonly resyncListeners = new Set<() => void>();

  constructor(private readonly db: Database) {}

  /** Announces that `key` of `topic` changed, to this process now and to the others. */
  async publish(topic: ChangeTopic, key: string): Promise<void> {
    this.deliver(topic, key);
    const message: ChangeMessage = { topic, key };
    await this.db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(message)})`);
  }

  /** Calls `listener` with each changed key of `topic`, and `onResync` when all may have changed. */
  subscribe(topic: ChangeTopic, listener: Listener, onResync?: () => void): () => void {
    let topicListeners = this.listeners.get(topic);
    if (!topicListeners) {
      topicListeners = new Set();
      this.listeners.set(topic, topicListeners);
    }
    topicListeners.add(listener);
    if (onResync) this.resyncListeners.add(onResync);
    return () => {
      topicListeners.delete(listener);
      if (onResync) this.resyncListeners.delete(onResync);
    };
  }

  /** A message from another process (or this one's, echoed back: forgetting twice is harmless). */
  receive(payload: string | undefined): void {
    let message: unknown;
    try {
      message = JSON.parse(payload ?? '');
    } catch {
      return;
    }
    if (isChangeMessage(message)) this.deliver(message.topic, message.key);
  }

  /** Messages may have been missed: every copy is suspect. */
  resync(): void {
    for (const listener of this.resyncListeners) listener();
  }

  private deliver(topic: ChangeTopic, key: string): void {
    for (const listener of this.listeners.get(topic) ?? []) listener(key);
  }
}

/**
 * A connection of its own that LISTENs for the other processes' changes and hands them to the
 * feed; reconnects with a growing delay when the server goes away, and resyncs the feed once
 * back. Stopped by the returned function.
 */
export function listenForChanges(
  databaseUrl: string,
  feed: ChangeFeed,
  onError: (error: Error) => void = () => {},
): { ready: Promise<void>; stop: () => Promise<void> } {
  let client: pg.Client | null = null;
  let stopped = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl });
    const reconnect = (error?: Error) => {
      if (client !== next) return;
      client = null;
      next.end().catch(() => {});
      if (error) onError(error);
      if (stopped) return;
      const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)]!;
      attempt += 1;
      timer = setTimeout(() => void connect().catch(() => {}), delay);
      timer.unref();
    };
    client = next;
    next.on('notification', (message) => {
      if (message.channel === CHANNEL) feed.receive(message.payload);
    });
    next.on('error', (error) => reconnect(error));
    next.on('end', () => reconnect());
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      reconnect(error as Error);
      throw error;
    }
    // Anything changed while this process was not listening is unknown: start afresh.
    if (attempt > 0) feed.resync();
    attempt = 0;
  };

  return {
    ready: connect(),
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}

const feeds = new WeakMap<Database, ChangeFeed>();

/** The feed of a database opened by openDatabase (one per handle). */
export function changeFeedOf(db: Database): ChangeFeed {
  let feed = feeds.get(db);
  if (!feed) {
    feed = new ChangeFeed(db);
    feeds.set(db, feed);
  }
  return feed;
}
