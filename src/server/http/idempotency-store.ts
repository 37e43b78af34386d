import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { type IdempotencyKeyRow, idempotencyKeys } from '../db/schema';

/** One key of one caller of one tenant (decision 176). */
export interface KeyScope {
  tenantId: string;
  caller: string;
  key: string;
}

/**
 * A running claim older than this was left by a process that stopped mid-call (its own answer
 * would have stored a result or released the key long before): another request may take it over.
 */
const ABANDONED_CLAIM_MS = 120_000;

const matches = (scope: KeyScope) =>
  and(
    eq(idempotencyKeys.tenantId, scope.tenantId),
    eq(idempotencyKeys.caller, scope.caller),
    eq(idempotencyKeys.idempotencyKey, scope.key),
  );

/**
 * Claims the key for a request, or answers the row that already holds it. The insert is the
 * guard: of two requests with one key, exactly one gets the row back as its own. An expired row,
 * or a claim abandoned by a stopped process, is taken over in the same statement.
 */
export async function claimKey(
  db: Database,
  scope: KeyScope & { fingerprint: string; now: Date; ttlMs: number },
): Promise<{ isOwn: true } | { isOwn: false; row: IdempotencyKeyRow | null }> {
  const { now } = scope;
  const claimed = await db
    .insert(idempotencyKeys)
    .values({
      tenantId: scope.tenantId,
      caller: scope.caller,
      idempotencyKey: scope.key,
      fingerprint: scope.fingerprint,
      createdAt: now,
      expiresAt: new Date(now.getTime() + scope.ttlMs),
    })
    .onConflictDoUpdate({
      target: [idempotencyKeys.tenantId, idempotencyKeys.caller, idempotencyKeys.idempotencyKey],
      set: {
        fingerprint: sql`excluded.fingerprint`,
        responseStatus: null,
        responseBody: null,
        createdAt: sql`excluded.created_at`,
        expiresAt: sql`excluded.expires_at`,
      },
      setWhere: or(
        lte(idempotencyKeys.expiresAt, now),
        and(
          isNull(idempotencyKeys.responseStatus),
          lte(idempotencyKeys.createdAt, new Date(now.getTime() - ABANDONED_CLAIM_MS)),
        ),
      ),
    })
    .returning({ tenantId: idempotencyKeys.tenantId });
  if (claimed.length > 0) return { isOwn: true };
  return { isOwn: false, row: await findKey(db, scope) };
}

export async function findKey(db: Database, scope: KeyScope): Promise<IdempotencyKeyRow | null> {
  const [row] = await db.select().from(idempotencyKeys).where(matches(scope));
  return row ?? null;
}

/** Keeps the first result, which every replay of the key answers until it expires. */
export async function saveResult(
  db: Database,
  scope: KeyScope & { status: number; body: unknown },
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ responseStatus: scope.status, responseBody: scope.body })
    .where(matches(scope));
}

/** Gives the key back after a failed call, which wrote nothing: a retry with it runs afresh. */
export async function releaseKey(db: Database, scope: KeyScope): Promise<void> {
  await db.delete(idempotencyKeys).where(and(matches(scope), isNull(idempotencyKeys.responseStatus)));
}

/** Deletes expired keys (the scheduled sweep); a claim takes an expired key over in any case. */
export async function deleteExpiredKeys(db: Database, now: Date): Promise<number> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lte(idempotencyKeys.expiresAt, now))
    .returning({ tenantId: idempotencyKeys.tenantId });
  return deleted.length;
}
