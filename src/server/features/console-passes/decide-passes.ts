import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { BULK_MAX_ROWS, type BulkResult, type decidePassesBodySchema } from '../../../shared/contract';
import { formatNumber } from '../../../shared/format';
import { bulkMessages } from '../../../shared/messages';
import { fillMessage } from '../../../shared/messages/fill';
import type { Database } from '../../db/client';
import { issuedPasses } from '../../db/schema';
import { AppError, badRequest } from '../../errors';
import { recordAudit } from '../audit';
import { decidePassWithin } from '../passes';
import { operatorActor } from '../permissions';
import type { OperatorContext } from './operator-context';
import { matchingPassIds } from './pass-search';

type Selection = z.output<typeof decidePassesBodySchema>['selection'];

/** The passes a selection names, this tenant's only (another tenant's uuid is simply not found). */
async function selectedPasses(options: { db: Database; tenantId: string; selection: Selection; now: Date }) {
  const { db, tenantId, selection, now } = options;
  const ids =
    'uuids' in selection
      ? [...new Set(selection.uuids)]
      : await matchingPassIds({
          db,
          tenantId,
          term: selection.matching.q,
          status: selection.matching.status,
          now,
          limit: BULK_MAX_ROWS + 1,
        });
  if (ids.length > BULK_MAX_ROWS) {
    throw badRequest(fillMessage(bulkMessages.tooMany, { max: formatNumber(BULK_MAX_ROWS) }));
  }
  const rows = ids.length
    ? await db
        .select({ id: issuedPasses.id, label: issuedPasses.customerPermitId })
        .from(issuedPasses)
        .where(and(eq(issuedPasses.tenantId, tenantId), inArray(issuedPasses.id, ids)))
    : [];
  const labels = new Map(rows.map((row) => [row.id, row.label]));
  return ids.map((id) => ({ id, label: labels.get(id) ?? null }));
}

/**
 * POST /dashboard/passes/bulk/decision: approve or reject many waiting passes in one transaction.
 * Each pass is decided as one approval is (row locked, registrant emailed, audit entry) inside a
 * savepoint, so a pass that cannot change (no longer waiting, not this tenant's) rolls back alone
 * and is named with the reason; the others and one batch entry of the audit log commit together.
 */
export async function decidePasses(options: {
  db: Database;
  context: OperatorContext;
  tenantUrl: string;
  body: z.output<typeof decidePassesBodySchema>;
  now: Date;
}): Promise<BulkResult> {
  const { db, context, body, now } = options;
  const tenant = context.tenant;
  const passes = await selectedPasses({ db, tenantId: tenant.id, selection: body.selection, now });
  return db.transaction(async (tx) => {
    const result: BulkResult = { changed: [], notChanged: [] };
    for (const pass of passes) {
      if (pass.label === null) {
        result.notChanged.push({ uuid: pass.id, label: pass.id, reason: bulkMessages.notFound });
        continue;
      }
      try {
        await tx.transaction((savepoint) =>
          decidePassWithin(savepoint, {
            tenant,
            tenantUrl: options.tenantUrl,
            actor: operatorActor(context.operator),
            operatorLabel: context.operator.email,
            passId: pass.id,
            status: body.status,
            message: body.message,
            now,
          }),
        );
        result.changed.push({ uuid: pass.id, label: pass.label });
      } catch (error) {
        if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
        result.notChanged.push({ uuid: pass.id, label: pass.label, reason: error.message });
      }
    }
    if (result.changed.length > 0) {
      await recordAudit(tx, {
        tenantId: tenant.id,
        actor: context.auditActor,
        action: body.status === 'paid' ? 'pass.bulk-approve' : 'pass.bulk-reject',
        entityType: 'batch',
        entityId: randomUUID(),
        after: {
          count: result.changed.length,
          passes: result.changed.map((row) => row.label),
          notChanged: result.notChanged.map((row) => ({ pass: row.label, reason: row.reason })),
          message: body.message,
        },
      });
    }
    return result;
  });
}
