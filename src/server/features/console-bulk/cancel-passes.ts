import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { BULK_MATCHING_CAP, type BulkResult, type cancelPassesBodySchema } from '../../../shared/contract';
import { bulkMessages, bulkWorkMessages } from '../../../shared/messages';
import type { PaymentGateway } from '../../adapters/payments/port';
import type { Database } from '../../db/client';
import { issuedPasses } from '../../db/schema';
import { AppError } from '../../errors';
import { recordAudit } from '../audit';
import { matchingPassIds, type OperatorContext } from '../console-passes';
import { cancelPass } from '../passes';
import { operatorActor } from '../permissions';
import { checkMatchingCap } from './run-bulk';

type Selection = z.output<typeof cancelPassesBodySchema>['selection'];

/** Passes an operator may still cancel, as the pass page offers it. */
const CANCELABLE = new Set(['paid', 'waiting', 'incomplete']);

async function selectedPasses(options: { db: Database; tenantId: string; selection: Selection; now: Date }) {
  const { db, tenantId, selection, now } = options;
  let ids: string[];
  if ('uuids' in selection) ids = [...new Set(selection.uuids)];
  else {
    ids = await matchingPassIds({
      db,
      tenantId,
      term: selection.matching.q,
      status: selection.matching.status,
      now,
      limit: BULK_MATCHING_CAP + 1,
    });
    checkMatchingCap(ids.length, BULK_MATCHING_CAP);
  }
  const rows = ids.length
    ? await db
        .select({
          id: issuedPasses.id,
          label: issuedPasses.customerPermitId,
          status: issuedPasses.paidStatus,
        })
        .from(issuedPasses)
        .where(and(eq(issuedPasses.tenantId, tenantId), inArray(issuedPasses.id, ids)))
    : [];
  const found = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => found.get(id) ?? { id, label: null, status: null });
}

/**
 * POST /dashboard/passes/bulk/cancel: cancels each selected pass exactly as the single cancel does
 * (its row lock, its audit entry, the holder's email, its place to the waitlist, its renewal
 * stopped). Unlike a decision, a cancel has work after its commit (the provider's subscription),
 * so each pass commits on its own, in turn; a pass that cannot be canceled (already canceled,
 * rejected, expired, not found) is named, and one batch entry records the call.
 */
export async function cancelPasses(options: {
  db: Database;
  gateway: PaymentGateway;
  context: OperatorContext;
  tenantUrl: string;
  body: z.output<typeof cancelPassesBodySchema>;
  now: Date;
  log: FastifyBaseLogger;
}): Promise<BulkResult> {
  const { db, context, now } = options;
  const tenantId = context.tenant.id;
  const passes = await selectedPasses({ db, tenantId, selection: options.body.selection, now });
  const result: BulkResult = { changed: [], notChanged: [] };
  for (const pass of passes) {
    if (pass.label === null) {
      result.notChanged.push({ uuid: pass.id, label: pass.id, reason: bulkMessages.notFound });
      continue;
    }
    if (!CANCELABLE.has(pass.status ?? '')) {
      const reason =
        pass.status === 'canceled' ? bulkWorkMessages.alreadyCanceled : bulkWorkMessages.notCancelable;
      result.notChanged.push({ uuid: pass.id, label: pass.label, reason });
      continue;
    }
    try {
      await cancelPass({
        db,
        gateway: options.gateway,
        tenantId,
        tenantUrl: options.tenantUrl,
        caller: { actor: operatorActor(context.operator), operator: context.operator },
        passId: pass.id,
        now,
        log: options.log,
      });
      result.changed.push({ uuid: pass.id, label: pass.label });
    } catch (error) {
      // Earlier passes have committed: a provider's failure (502) is named with this pass, not thrown.
      if (!(error instanceof AppError)) throw error;
      result.notChanged.push({ uuid: pass.id, label: pass.label, reason: error.message });
    }
  }
  if (result.changed.length > 0) {
    await recordAudit(db, {
      tenantId,
      actor: context.auditActor,
      action: 'pass.bulk-cancel',
      entityType: 'batch',
      entityId: randomUUID(),
      after: {
        count: result.changed.length,
        changed: result.changed.map((row) => row.label),
        notChanged: result.notChanged.map((row) => ({ record: row.label, reason: row.reason })),
      },
    });
  }
  return result;
}
