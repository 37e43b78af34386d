import { and, desc, eq, lt, or } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { type AuditLogRow, auditLog } from '../../db/schema';
import { currentRequestId } from '../../db/tenant-scope';

/** Who made a change: the operator (null for the platform admin or the system) and a readable name. */
export interface AuditActor {
  operatorId: string | null;
  /** The operator's email when the change was made, or 'platform admin', 'system'. */
  label: string;
}

export interface AuditEntry {
  tenantId: string;
  actor: AuditActor;
  /** `subject.verb`, e.g. 'product.update', 'pass.approve', 'notice.void'. */
  action: string;
  /** The kind of record changed, e.g. 'product', 'pass', 'notice', 'operator', 'settings'. */
  entityType: string;
  entityId: string;
  /** The record's fields before and after the change; omitted for creations and deletions. */
  before?: unknown;
  after?: unknown;
}

/** Fields never written to the log, wherever they appear in a before or after value. */
const SECRET_KEYS = new Set(['passwordHash', 'password', 'keyHash', 'token', 'secret', 'jwtToken']);

/** A copy of a value with secret fields replaced, so the log can be shown to every admin. */
export function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, field]) => [
        key,
        SECRET_KEYS.has(key) ? '[redacted]' : redactSecrets(field),
      ]),
    );
  }
  return value;
}

/**
 * Appends one entry to the tenant's audit log. Call it with the transaction that makes the change,
 * so a change and its entry are written together or not at all.
 */
export async function recordAudit(db: Database | Transaction, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    tenantId: entry.tenantId,
    operatorId: entry.actor.operatorId,
    actorLabel: entry.actor.label,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    before: entry.before === undefined ? null : redactSecrets(entry.before),
    after: entry.after === undefined ? null : redactSecrets(entry.after),
    requestId: currentRequestId(),
  });
}

export interface AuditPageOptions {
  /** Entries older than this one (the `id` and `createdAt` of the last entry of the previous page). */
  before?: { id: number; createdAt: Date };
  limit: number;
  entityType?: string;
  entityId?: string;
}

/** One page of the tenant's log, newest first, by keyset (a tenant's log only grows). */
export async function listAuditLog(
  db: Database,
  tenantId: string,
  options: AuditPageOptions,
): Promise<AuditLogRow[]> {
  const conditions = [eq(auditLog.tenantId, tenantId)];
  if (options.entityType) conditions.push(eq(auditLog.entityType, options.entityType));
  if (options.entityId) conditions.push(eq(auditLog.entityId, options.entityId));
  if (options.before) {
    const { id, createdAt } = options.before;
    const older = or(
      lt(auditLog.createdAt, createdAt),
      and(eq(auditLog.createdAt, createdAt), lt(auditLog.id, id)),
    );
    if (older) conditions.push(older);
  }
  return db
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(options.limit);
}
