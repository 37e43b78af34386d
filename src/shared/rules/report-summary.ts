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

/**
 * Exactly the characters `String.prototype.trim` removes (ECMAScript's WhiteSpace and
 * LineTerminator: tab, line tabulation, form feed, no-break space, the BOM, every Unicode space
 * separator, and the four line terminators). PostgreSQL's `btrim(text, characters)` with this set
 * trims as JavaScript does, so the database can count alerts by the rule below (decision 155).
 */
export const TRIMMED_CHARACTERS =
  '\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';

/** A scan is an alert when its alertMessage has any text beyond whitespace. */
export function isAlert(alertMessage: string | null): boolean {
  return Boolean(alertMessage?.trim());
}

/** The patroller a scan counts for: its email trimmed and lower-cased, or none when blank. */
export function patrollerKey(userEmail: string | null): string | null {
  return userEmail?.trim().toLowerCase() || null;
}

/** Scans sharing one email exactly as stored, with how many of them are alerts. */
export interface PatrollerGroup {
  userEmail: string | null;
  scans: number;
  alerts: number;
}

/**
 * The totals from scans grouped by their stored email (as the database aggregates them for the
 * report summary): the patroller rule is applied here, to the few stored spellings, so it has one
 * definition whether the scans come one by one or grouped.
 */
export function summarisePatrollerGroups(groups: readonly PatrollerGroup[]): ReportSummary {
  let totalScans = 0;
  let totalAlerts = 0;
  const patrollers = new Set<string>();
  for (const group of groups) {
    totalScans += group.scans;
    totalAlerts += group.alerts;
    const key = patrollerKey(group.userEmail);
    if (key) patrollers.add(key);
  }
  return { totalScans, totalAlerts, distinctPatrollers: patrollers.size };
}

export function summariseReport(items: readonly SummarisedReportItem[]): ReportSummary {
  return summarisePatrollerGroups(
    items.map((item) => ({
      userEmail: item.userEmail,
      scans: 1,
      alerts: isAlert(item.alertMessage) ? 1 : 0,
    })),
  );
}
