import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { changeFeedOf } from '../../db/change-feed';
import type { Database } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import { type ApiKeyRow, apiKeys, type TenantRow, tenants } from '../../db/schema';
import { withSystemScope } from '../../db/tenant-scope';

/**
 * Enforcement API keys (docs/decisions/120). A key is 32 random bytes: with that much entropy a
 * plain SHA-256 cannot be reversed or guessed, and it can be looked up by its hash in one indexed
 * query on every request, which a salted slow hash (argon2) would not allow.
 */
const KEY_PREFIX = 'ppk_';
const KEY_PATTERN = /^ppk_[A-Za-z0-9_-]{43}$/;
/** last_used_at is written at most this often per key and process, never once per request. */
export const LAST_USED_WRITE_INTERVAL_MS = 60_000;

export function generateApiKey(): string {
  return `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** Malformed keys are refused before any query. */
export function isWellFormedApiKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export interface CreatedApiKey {
  row: ApiKeyRow;
  /** The key itself: shown once, then only its hash exists. */
  key: string;
}

export async function createApiKey(db: Database, options: { tenantId: string; name: string }) {
  const name = options.name.trim();
  if (name.length < 1 || name.length > 100) throw new Error('The key name must be 1 to 100 characters.');
  const key = generateApiKey();
  const [row] = await db
    .insert(apiKeys)
    .values({
      tenantId: options.tenantId,
      name,
      keyHash: hashApiKey(key),
      keyPrefix: key.slice(0, KEY_PREFIX.length + 6),
    })
    .returning();
  return { row: row!, key } satisfies CreatedApiKey;
}

export function listApiKeys(db: Database, tenantId: string): Promise<ApiKeyRow[]> {
  return db.select().from(apiKeys).where(eq(apiKeys.tenantId, tenantId)).orderBy(desc(apiKeys.createdAt));
}

/**
 * Revokes a key of this tenant; false when there is no such active key. Every process stops
 * accepting it at once when the revocation is announced (`announceRevokedKey`, after the commit).
 */
export async function revokeApiKey(
  db: Database,
  options: { tenantId: string; keyId: string; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: options.now })
    .where(
      and(eq(apiKeys.tenantId, options.tenantId), eq(apiKeys.id, options.keyId), isNull(apiKeys.revokedAt)),
    )
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

const findKeyByHash = perDatabase((db) =>
  db
    .select({ id: apiKeys.id, lastUsedAt: apiKeys.lastUsedAt, tenant: tenants })
    .from(apiKeys)
    .innerJoin(tenants, eq(tenants.id, apiKeys.tenantId))
    .where(and(eq(apiKeys.keyHash, sql.placeholder('keyHash')), isNull(apiKeys.revokedAt)))
    .prepare('api_keys_find_active_by_hash'),
);

export interface ActiveApiKey {
  id: string;
  lastUsedAt: Date | null;
  tenant: TenantRow;
}

/** The active key with this value and its tenant (one indexed query), or null (unknown, revoked or malformed). */
export async function findActiveApiKey(db: Database, key: string): Promise<ActiveApiKey | null> {
  if (!isWellFormedApiKey(key)) return null;
  return findActiveApiKeyByHash(db, hashApiKey(key));
}

async function findActiveApiKeyByHash(db: Database, keyHash: string): Promise<ActiveApiKey | null> {
  const [row] = await findKeyByHash(db).execute({ keyHash });
  return row ?? null;
}

/** Tells every server process that a key was revoked: none accepts it from its cache again. */
export function announceRevokedKey(db: Database, keyId: string): Promise<void> {
  return changeFeedOf(db).publish('api-key', keyId);
}

/**
 * The active keys this process has seen, for a few seconds (the tenant cache's lifetime): a patrol
 * device checks plate after plate, and finding its key each time cost a query on a connection of
 * its own (the lookup crosses tenants, decision 152). A revoked key, or a change to its tenant, is
 * forgotten at once in every process through the change feed (decision 163). Unknown keys are not
 * kept: guessing stays one query per guess.
 */
export class ActiveKeyCache {
  private readonly entries = new Map<string, { key: ActiveApiKey; expiresAt: number }>();

  constructor(
    private readonly db: Database,
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {
    // Subscribed for as long as the database is open, like the app that holds this cache.
    const feed = changeFeedOf(db);
    feed.subscribe(
      'api-key',
      (keyId) => this.forgetWhere((key) => key.id === keyId),
      () => this.entries.clear(),
    );
    feed.subscribe('tenant', (subdomain) => this.forgetWhere((key) => key.tenant.subdomain === subdomain));
  }

  /** The active key with this value and its tenant, or null (unknown, revoked or malformed). */
  async get(token: string): Promise<ActiveApiKey | null> {
    if (!isWellFormedApiKey(token)) return null;
    const keyHash = hashApiKey(token);
    const now = Date.now();
    const kept = this.entries.get(keyHash);
    if (kept && kept.expiresAt > now) return kept.key;
    // The key names its tenant, so it is looked up before any tenant is known: a read across
    // tenants (row-level security, decision 152).
    const key = await withSystemScope(() => findActiveApiKeyByHash(this.db, keyHash));
    if (!key) {
      this.entries.delete(keyHash);
      return null;
    }
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(keyHash, { key, expiresAt: now + this.ttlMs });
    return key;
  }

  private forgetWhere(matches: (key: ActiveApiKey) => boolean): void {
    for (const [keyHash, entry] of this.entries) if (matches(entry.key)) this.entries.delete(keyHash);
  }
}

/**
 * Records that a key was used, cheaply: at most once a minute per key in this process, and the
 * UPDATE itself skips a row written within the minute by another process.
 */
export class LastUsedRecorder {
  private readonly writtenAt = new Map<string, number>();

  constructor(private readonly db: Database) {}

  async record(key: ActiveApiKey, now: Date): Promise<void> {
    const since = now.getTime() - LAST_USED_WRITE_INTERVAL_MS;
    if ((this.writtenAt.get(key.id) ?? 0) > since) return;
    if (key.lastUsedAt && key.lastUsedAt.getTime() > since) {
      this.writtenAt.set(key.id, key.lastUsedAt.getTime());
      return;
    }
    this.writtenAt.set(key.id, now.getTime());
    await this.db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(
        and(eq(apiKeys.id, key.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(since)))),
      );
  }
}
