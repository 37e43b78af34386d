import { and, count, desc, eq } from 'drizzle-orm';
import { CONSOLE_REPORT_PAGE_SIZE, type ConsoleReport } from '../../../shared/contract';
import type { Database } from '../../db/client';
import { operators, type PatrolReportRow, patrolReports } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { recordAudit } from '../audit';
import type { OperatorContext } from './operator-context';

/** A report as the console lists it: its link's expiry and revocation included. */
function toConsoleReport(report: PatrolReportRow, createdBy: string | null): ConsoleReport {
  return {
    uuid: report.id,
    startDate: report.startDate.toISOString(),
    endDate: report.endDate.toISOString(),
    plate: report.plate,
    createdAt: report.createdAt.toISOString(),
    createdBy,
    expiresAt: report.expiresAt.toISOString(),
    revokedAt: report.revokedAt?.toISOString() ?? null,
  };
}

/** The tenant's activity reports, newest first, a page at a time (index patrol_reports_tenant_created_idx). */
export async function listConsoleReports(db: Database, tenantId: string, page: number) {
  const [rows, totals] = await Promise.all([
    db
      .select({ report: patrolReports, createdBy: operators.email })
      .from(patrolReports)
      .leftJoin(
        operators,
        and(
          eq(operators.id, patrolReports.createdByOperatorId),
          eq(operators.tenantId, patrolReports.tenantId),
        ),
      )
      .where(eq(patrolReports.tenantId, tenantId))
      .orderBy(desc(patrolReports.createdAt), desc(patrolReports.id))
      .limit(CONSOLE_REPORT_PAGE_SIZE)
      .offset((page - 1) * CONSOLE_REPORT_PAGE_SIZE),
    db.select({ total: count() }).from(patrolReports).where(eq(patrolReports.tenantId, tenantId)),
  ]);
  const items = rows.map(({ report, createdBy }) => toConsoleReport(report, createdBy));
  return { items, total: totals[0]?.total ?? 0, pageSize: CONSOLE_REPORT_PAGE_SIZE };
}

/** What the audit log keeps of a report's link. */
const auditView = (report: ConsoleReport) => ({ expiresAt: report.expiresAt, revokedAt: report.revokedAt });

/** Withdraws a report's no-sign-in link at once; the report stays listed in the console. */
export async function revokeConsoleReport(options: {
  db: Database;
  context: OperatorContext;
  reportId: string;
  now: Date;
}): Promise<ConsoleReport> {
  const { db, context, reportId, now } = options;
  const tenantId = context.tenant.id;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ report: patrolReports, createdBy: operators.email })
      .from(patrolReports)
      .leftJoin(
        operators,
        and(
          eq(operators.id, patrolReports.createdByOperatorId),
          eq(operators.tenantId, patrolReports.tenantId),
        ),
      )
      .where(and(eq(patrolReports.tenantId, tenantId), eq(patrolReports.id, reportId)))
      .for('update', { of: patrolReports });
    if (!row) throw notFound('Report');
    if (row.report.revokedAt) throw conflict("This report's link is already revoked.");
    await tx
      .update(patrolReports)
      .set({ revokedAt: now })
      .where(and(eq(patrolReports.tenantId, tenantId), eq(patrolReports.id, reportId)));
    const before = toConsoleReport(row.report, row.createdBy);
    const after = { ...before, revokedAt: now.toISOString() };
    await recordAudit(tx, {
      tenantId,
      actor: context.auditActor,
      action: 'report.revoke',
      entityType: 'report',
      entityId: reportId,
      before: auditView(before),
      after: auditView(after),
    });
    return after;
  });
}
