import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type ApiKeyRow, apiKeys, type TenantRow, tenants } from '../../db/schema';

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

/** Revokes a key of this tenant; false when there is no such active key. */
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

function prepareFindKey(db: Database) {
  return db
    .select({ id: apiKeys.id, lastUsedAt: apiKeys.lastUsedAt, tenant: tenants })
    .from(apiKeys)
    .innerJoin(tenants, eq(tenants.id, apiKeys.tenantId))
    .where(and(eq(apiKeys.keyHash, sql.placeholder('keyHash')), isNull(apiKeys.revokedAt)))
    .prepare('api_keys_find_active_by_hash');
}

const preparedFindKey = new WeakMap<Database, ReturnType<typeof prepareFindKey>>();

export interface ActiveApiKey {
  id: string;
  lastUsedAt: Date | null;
  tenant: TenantRow;
}

/** The active key with this value and its tenant (one indexed query), or null (unknown, revoked or malformed). */
export async function findActiveApiKey(db: Database, key: string): Promise<ActiveApiKey | null> {
  if (!isWellFormedApiKey(key)) return null;
  let query = preparedFindKey.get(db);
  if (!query) {
    query = prepareFindKey(db);
    preparedFindKey.set(db, query);
  }
  const [row] = await query.execute({ keyHash: hashApiKey(key) });
  return row ?? null;
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
