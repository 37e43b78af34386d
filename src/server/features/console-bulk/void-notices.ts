import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { BULK_MATCHING_CAP, type BulkResult, type voidNoticesBodySchema } from '../../../shared/contract';
import type { Database } from '../../db/client';
import { citations, type OperatorRow, type TenantRow } from '../../db/schema';
import { auditActorOf, noticeConditions, voidNoticeWithin } from '../console-notices';
import { type BulkRow, checkMatchingCap, runBulk } from './run-bulk';

type Selection = z.output<typeof voidNoticesBodySchema>['selection'];

/** The notices a selection names, labelled by number; another tenant's uuid is not found. */
async function selectedNotices(db: Database, tenant: TenantRow, selection: Selection): Promise<BulkRow[]> {
  if ('matching' in selection) {
    // The list's own WHERE (decision 201), read up to one row past the cap.
    const rows = await db
      .select({ id: citations.id, label: citations.citationNumber })
      .from(citations)
      .where(noticeConditions(tenant, { ...selection.matching, sort: 'issued', order: 'desc' }))
      .orderBy(citations.createdOn, citations.id)
      .limit(BULK_MATCHING_CAP + 1);
    checkMatchingCap(rows.length, BULK_MATCHING_CAP);
    return rows;
  }
  const ids = [...new Set(selection.uuids)];
  const found = await db
    .select({ id: citations.id, label: citations.citationNumber })
    .from(citations)
    .where(and(eq(citations.tenantId, tenant.id), inArray(citations.id, ids)));
  const labels = new Map(found.map((row) => [row.id, row.label]));
  return ids.map((id) => ({ id, label: labels.get(id) ?? null }));
}

/**
 * POST /dashboard/notices/bulk/void: voids each selected notice as the single void does (same
 * checks, same audit entry with the reason), in one call; a paid or already void notice is named.
 */
export async function voidNotices(options: {
  db: Database;
  tenant: TenantRow;
  operator: OperatorRow;
  body: z.output<typeof voidNoticesBodySchema>;
  now: Date;
}): Promise<BulkResult> {
  const { db, tenant, operator, body, now } = options;
  const rows = await selectedNotices(db, tenant, body.selection);
  return runBulk(db, {
    tenantId: tenant.id,
    actor: auditActorOf(operator),
    action: 'notice.bulk-void',
    rows,
    details: { reason: body.reason },
    apply: async (savepoint, row) => {
      await voidNoticeWithin(savepoint, { tenant, operator, now, noticeId: row.id, reason: body.reason });
    },
  });
}
