import { randomUUID } from 'node:crypto';
import type { BulkResult } from '../../../shared/contract';
import { formatNumber } from '../../../shared/format';
import { bulkMessages } from '../../../shared/messages';
import { fillMessage } from '../../../shared/messages/fill';
import type { Database, Transaction } from '../../db/client';
import { AppError, badRequest } from '../../errors';
import { type AuditActor, recordAudit } from '../audit';

/** A row a bulk call was asked to change: its id, and its label (null: not this tenant's). */
export interface BulkRow {
  id: string;
  label: string | null;
}

/** Refuses a "select all matching" that resolved to more rows than the cap (decision 224). */
export function checkMatchingCap(count: number, cap: number): void {
  if (count > cap) throw badRequest(fillMessage(bulkMessages.tooMany, { max: formatNumber(cap) }));
}

/**
 * Runs a bulk action as decision 198 decided (decision 224 generalises it): one transaction, each
 * row changed by the single action's own function inside a savepoint, so a row that cannot change
 * (an AppError below 500: not found, not in a state to change) rolls back alone and is named with
 * the reason; the rows changed and one batch entry of the audit log commit together. Each row's
 * function writes its own audit entry. Another tenant's row is "not found", never changed.
 */
export async function runBulk(
  db: Database,
  options: {
    tenantId: string;
    actor: AuditActor;
    /** The batch's audit action, e.g. 'notice.bulk-void'. */
    action: string;
    rows: readonly BulkRow[];
    apply: (savepoint: Transaction, row: BulkRow & { label: string }) => Promise<void>;
    /** More of the batch's audit entry (the reason, the product). */
    details?: Record<string, unknown>;
  },
): Promise<BulkResult> {
  return db.transaction(async (tx) => {
    const result: BulkResult = { changed: [], notChanged: [] };
    for (const row of options.rows) {
      if (row.label === null) {
        result.notChanged.push({ uuid: row.id, label: row.id, reason: bulkMessages.notFound });
        continue;
      }
      const label = row.label;
      try {
        await tx.transaction((savepoint) => options.apply(savepoint, { id: row.id, label }));
        result.changed.push({ uuid: row.id, label });
      } catch (error) {
        if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
        result.notChanged.push({ uuid: row.id, label, reason: error.message });
      }
    }
    if (result.changed.length > 0) {
      await recordAudit(tx, {
        tenantId: options.tenantId,
        actor: options.actor,
        action: options.action,
        entityType: 'batch',
        entityId: randomUUID(),
        after: {
          count: result.changed.length,
          changed: result.changed.map((row) => row.label),
          notChanged: result.notChanged.map((row) => ({ record: row.label, reason: row.reason })),
          ...options.details,
        },
      });
    }
    return result;
  });
}
