/** What the report's totals need of an item (part 2 section 9). */
export interface SummarisedReportItem {
  alertMessage: string | null;
  userEmail: string | null;
}

export interface ReportSummary {
  totalScans: number;
  /** Items with an alertMessage (blank text is no alert). */
  totalAlerts: number;
  /** Patrollers counted by email, case-insensitively; items without an email add none. */
  distinctPatrollers: number;
}

export function summariseReport(items: readonly SummarisedReportItem[]): ReportSummary {
  let totalAlerts = 0;
  const patrollers = new Set<string>();
  for (const item of items) {
    if (item.alertMessage?.trim()) totalAlerts += 1;
    const email = item.userEmail?.trim().toLowerCase();
    if (email) patrollers.add(email);
  }
  return { totalScans: items.length, totalAlerts, distinctPatrollers: patrollers.size };
}
