import { and, count, desc, eq } from 'drizzle-orm';
import { CONSOLE_REPORT_PAGE_SIZE, type ConsoleReport } from '../../../shared/contract';
import type { Database } from '../../db/client';
import { operators, patrolReports } from '../../db/schema';

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
  const items: ConsoleReport[] = rows.map(({ report, createdBy }) => ({
    uuid: report.id,
    startDate: report.startDate.toISOString(),
    endDate: report.endDate.toISOString(),
    plate: report.plate,
    createdAt: report.createdAt.toISOString(),
    createdBy,
  }));
  return { items, total: totals[0]?.total ?? 0, pageSize: CONSOLE_REPORT_PAGE_SIZE };
}
