import { type AuditPage, listAuditContract } from '../../../shared/contract';
import type { ApiInstance } from '../../api-instance';
import type { AuditLogRow } from '../../db/schema';
import { registerRoute } from '../../http/register-route';
import { requireConsoleAccess } from '../operators/console-access';
import { listAuditLog } from './record-audit';

const CURSOR_SEPARATOR = '~';

function encodeCursor(row: AuditLogRow): string {
  return `${row.createdAt.toISOString()}${CURSOR_SEPARATOR}${row.id}`;
}

/** The contract has checked its shape; a date that does not exist is simply the first page. */
function decodeCursor(cursor: string | undefined): { id: number; createdAt: Date } | undefined {
  if (!cursor) return undefined;
  const [instant = '', id = ''] = cursor.split(CURSOR_SEPARATOR);
  const createdAt = new Date(instant);
  return Number.isNaN(createdAt.getTime()) ? undefined : { id: Number(id), createdAt };
}

/** The console's read-only audit log ('audit.read'). */
export async function auditRoutes(app: ApiInstance) {
  const { db } = app.deps;
  registerRoute(app, listAuditContract, async (request): Promise<AuditPage> => {
    const { tenant } = await requireConsoleAccess(request, listAuditContract);
    const { limit, entityType, entityId, cursor } = request.query;
    // One more than a page tells whether another page follows without a count of the whole log.
    const rows = await listAuditLog(db, tenant.id, {
      limit: limit + 1,
      entityType,
      entityId,
      before: decodeCursor(cursor),
    });
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      entries: page.map((row) => ({
        id: row.id,
        actorLabel: row.actorLabel,
        operatorUuid: row.operatorId,
        action: row.action,
        entityType: row.entityType,
        entityId: row.entityId,
        before: row.before,
        after: row.after,
        createdAt: row.createdAt.toISOString(),
      })),
      nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
    };
  });
}
