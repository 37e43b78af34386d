import { type AuditPage, exportAuditContract, listAuditContract } from '../../../shared/contract';
import type { ApiInstance } from '../../api-instance';
import { auditLog } from '../../db/schema';
import { registerRoute } from '../../http/register-route';
import { countUpTo } from '../lists';
import { requireConsoleAccess } from '../operators';
import {
  auditConditions,
  exportAudit,
  nameAuditRecords,
  readAuditRows,
  toAuditEntryView,
} from './audit-view';

const CURSOR_SEPARATOR = '~';

function encodeCursor(row: { createdAt: Date; id: number }): string {
  return `${row.createdAt.toISOString()}${CURSOR_SEPARATOR}${row.id}`;
}

/** The contract has checked its shape; a date that does not exist is simply the first page. */
function decodeCursor(cursor: string | undefined): { id: number; createdAt: Date } | undefined {
  if (!cursor) return undefined;
  const [instant = '', id = ''] = cursor.split(CURSOR_SEPARATOR);
  const createdAt = new Date(instant);
  return Number.isNaN(createdAt.getTime()) ? undefined : { id: Number(id), createdAt };
}

/** The console's read-only audit log ('audit.read'): filtered pages, and the same as a CSV file. */
export async function auditRoutes(app: ApiInstance) {
  const { db, clock } = app.deps;
  registerRoute(app, listAuditContract, async (request): Promise<AuditPage> => {
    const { tenant } = await requireConsoleAccess(request, listAuditContract);
    const { limit, cursor, ...filter } = request.query;
    // One more than a page tells whether another page follows; the count stops at the list cap.
    const [rows, total] = await Promise.all([
      readAuditRows({ db, tenant, filter, before: decodeCursor(cursor), limit: limit + 1 }),
      countUpTo({ db, table: auditLog, where: auditConditions(tenant, filter) }),
    ]);
    const page = rows.slice(0, limit);
    const names = await nameAuditRecords(db, tenant.id, page);
    const last = page.at(-1);
    return {
      entries: page.map((row) => toAuditEntryView(row, names)),
      nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
      ...total,
    };
  });

  registerRoute(app, exportAuditContract, async (request, reply) => {
    const { tenant } = await requireConsoleAccess(request, exportAuditContract);
    const day = clock.now().toISOString().slice(0, 10);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-${tenant.subdomain}-${day}.csv"`);
    // A stream is sent as it is read, past the JSON serialiser.
    return reply.send(exportAudit({ db, tenant, filter: request.query })) as never;
  });
}
