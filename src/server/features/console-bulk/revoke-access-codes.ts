import { and, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  BULK_MATCHING_CAP,
  type BulkResult,
  type revokeAccessCodesBodySchema,
} from '../../../shared/contract';
import type { Database, Transaction } from '../../db/client';
import { passAccessCodes } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { recordAudit } from '../audit';
import { accessCodeSearchWhere, findConsoleProductRow, type OperatorContext } from '../console-passes';
import { type BulkRow, checkMatchingCap, runBulk } from './run-bulk';

type Selection = z.output<typeof revokeAccessCodesBodySchema>['selection'];

async function selectedCodes(
  db: Database,
  tenantId: string,
  productId: string,
  selection: Selection,
): Promise<BulkRow[]> {
  const ofProduct = and(eq(passAccessCodes.tenantId, tenantId), eq(passAccessCodes.productId, productId));
  if ('matching' in selection) {
    // The list's own search: "all N matching" is exactly the rows the operator sees counted.
    const rows = await db
      .select({ id: passAccessCodes.id, label: passAccessCodes.code })
      .from(passAccessCodes)
      .where(accessCodeSearchWhere(tenantId, productId, selection.matching))
      .orderBy(desc(passAccessCodes.createdAt), desc(passAccessCodes.code))
      .limit(BULK_MATCHING_CAP + 1);
    checkMatchingCap(rows.length, BULK_MATCHING_CAP);
    return rows;
  }
  const codes = [...new Set(selection.codes)];
  const found = await db
    .select({ id: passAccessCodes.id, label: passAccessCodes.code })
    .from(passAccessCodes)
    .where(and(ofProduct, inArray(passAccessCodes.code, codes)));
  const byCode = new Map(found.map((row) => [row.label, row]));
  // A code this product does not hold is named by itself: "not found".
  return codes.map((code) => byCode.get(code) ?? { id: code, label: null });
}

/** Revokes one unused code of the product inside the caller's transaction (audit-logged). */
async function revokeWithin(
  tx: Transaction,
  options: { context: OperatorContext; productId: string; codeId: string; now: Date },
) {
  const tenantId = options.context.tenant.id;
  const [row] = await tx
    .select()
    .from(passAccessCodes)
    .where(and(eq(passAccessCodes.tenantId, tenantId), eq(passAccessCodes.id, options.codeId)))
    .for('update');
  if (!row) throw notFound('Access code');
  if (row.usedAt) throw conflict('This code was already used or revoked.');
  await tx.update(passAccessCodes).set({ usedAt: options.now }).where(eq(passAccessCodes.id, row.id));
  await recordAudit(tx, {
    tenantId,
    actor: options.context.auditActor,
    action: 'access-code.revoke',
    entityType: 'product',
    entityId: options.productId,
    before: { code: row.code, status: 'unused' },
    after: { code: row.code, status: 'revoked' },
  });
}

/**
 * POST /dashboard/products/{uuid}/access-codes/bulk/revoke: revokes each selected unused code as
 * the single revoke does, in one call; a used or revoked code is named, not changed.
 */
export async function revokeAccessCodes(options: {
  db: Database;
  context: OperatorContext;
  productId: string;
  body: z.output<typeof revokeAccessCodesBodySchema>;
  now: Date;
}): Promise<BulkResult> {
  const { db, context, productId, now } = options;
  const product = await findConsoleProductRow(db, context.tenant.id, productId);
  const rows = await selectedCodes(db, context.tenant.id, productId, options.body.selection);
  return runBulk(db, {
    tenantId: context.tenant.id,
    actor: context.auditActor,
    action: 'access-code.bulk-revoke',
    rows,
    details: { product: product.name },
    apply: (savepoint, row) => revokeWithin(savepoint, { context, productId, codeId: row.id, now }),
  });
}
