import { and, eq } from 'drizzle-orm';
import type { ConsoleApiKey } from '../../../shared/contract';
import type { Database } from '../../db/client';
import { type ApiKeyRow, apiKeys } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { recordAudit } from '../audit';
import { announceRevokedKey, createApiKey, listApiKeys, revokeApiKey } from '../enforcement';
import type { OperatorContext } from './operator-context';

/** Enforcement API keys from the console (decision 120): the key is shown once, then only its prefix. */
function toConsoleApiKey(row: ApiKeyRow): ConsoleApiKey {
  return {
    uuid: row.id,
    name: row.name,
    prefix: row.keyPrefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** The log's view of a key: never the key or its hash. */
const auditView = (key: ConsoleApiKey) => ({ name: key.name, prefix: key.prefix, revokedAt: key.revokedAt });

export async function listConsoleApiKeys(db: Database, tenantId: string): Promise<ConsoleApiKey[]> {
  return (await listApiKeys(db, tenantId)).map(toConsoleApiKey);
}

export async function createConsoleApiKey(options: { db: Database; context: OperatorContext; name: string }) {
  const { db, context } = options;
  return db.transaction(async (tx) => {
    const created = await createApiKey(tx as unknown as Database, {
      tenantId: context.tenant.id,
      name: options.name,
    });
    const apiKey = toConsoleApiKey(created.row);
    await recordAudit(tx, {
      tenantId: context.tenant.id,
      actor: context.auditActor,
      action: 'apikey.create',
      entityType: 'api-key',
      entityId: apiKey.uuid,
      after: auditView(apiKey),
    });
    return { apiKey, key: created.key };
  });
}

export async function revokeConsoleApiKey(options: {
  db: Database;
  context: OperatorContext;
  keyId: string;
  now: Date;
}): Promise<ConsoleApiKey> {
  const { db, context, keyId, now } = options;
  const tenantId = context.tenant.id;
  const revoked = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.tenantId, tenantId), eq(apiKeys.id, keyId)))
      .for('update');
    if (!row) throw notFound('API key');
    if (row.revokedAt) throw conflict('This API key is already revoked.');
    await revokeApiKey(tx as unknown as Database, { tenantId, keyId, now });
    const before = toConsoleApiKey(row);
    const after = { ...before, revokedAt: now.toISOString() };
    await recordAudit(tx, {
      tenantId,
      actor: context.auditActor,
      action: 'apikey.revoke',
      entityType: 'api-key',
      entityId: keyId,
      before: auditView(before),
      after: auditView(after),
    });
    return after;
  });
  await announceRevokedKey(db, keyId);
  return revoked;
}
