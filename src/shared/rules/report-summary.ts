/** What the report's totals need of an item (part 2 section 9). */
export interface SummarisedReportItem {
  alertMessage: string | null;
  userEmail: string | null;
  /** How many identical items this one stands for (a grouped count from SQL); 1 when absent. */
  count?: number;
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
  let totalScans = 0;
  for (const item of items) {
    const count = item.count ?? 1;
    totalScans += count;
    if (item.alertMessage?.trim()) totalAlerts += count;
    const email = item.userEmail?.trim().toLowerCase();
    if (email) patrollers.add(email);
  }
  return { totalScans, totalAlerts, distinctPatrollers: patrollers.size };
}
