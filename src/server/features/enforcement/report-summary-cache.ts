import type { ReportSummaryData } from '../../../shared/contract';
import { changeFeedOf } from '../../db/change-feed';
import type { Database } from '../../db/client';
import type { TenantRow } from '../../db/schema';

type Summary = Omit<ReportSummaryData, 'mapStyleURL'>;

interface Entry {
  subdomain: string;
  summary: Promise<Summary>;
  expiresAt: number;
}

/**
 * Report summaries kept in memory until a scan of their tenant arrives (decision 165). A report's
 * summary is one pass over all its scans (52 ms for 100,000), and a shared report is opened again
 * and again while nothing changes; its page waits for the summary before the server can send any
 * HTML. Recording scans announces the change to every process (the change feed of decision 163),
 * and each forgets that tenant's summaries; a lifetime bounds a copy whose announcement was lost.
 */
export class ReportSummaryCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by every change of a tenant: a summary computed across one is not kept. */
  private readonly generations = new Map<string, number>();

  constructor(
    db: Database,
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 50,
  ) {
    // Subscribed for as long as the database is open, like the app that holds this cache.
    const feed = changeFeedOf(db);
    const forgetTenant = (subdomain: string) => this.forgetTenant(subdomain);
    const forgetAll = () => {
      this.entries.clear();
      this.generations.clear();
    };
    feed.subscribe('report-scans', forgetTenant, forgetAll);
    feed.subscribe('tenant', forgetTenant);
  }

  /** The report's summary: the kept one, or `compute`'s (kept when no change came meanwhile). */
  get(tenant: TenantRow, reportId: string, compute: () => Promise<Summary>): Promise<Summary> {
    const key = `${tenant.id}:${reportId}`;
    const now = Date.now();
    const kept = this.entries.get(key);
    if (kept && kept.expiresAt > now) {
      // Most recently used last: the first entry is the one to drop when full.
      this.entries.delete(key);
      this.entries.set(key, kept);
      return kept.summary;
    }
    const generation = this.generationOf(tenant.subdomain);
    const summary = compute();
    const entry: Entry = { subdomain: tenant.subdomain, summary, expiresAt: now + this.ttlMs };
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, entry);
    summary.then(
      () => {
        // Scans arrived while it was being computed: it may not count them.
        if (this.generationOf(tenant.subdomain) !== generation && this.entries.get(key) === entry) {
          this.entries.delete(key);
        }
      },
      // A failure (a report of another tenant, a lost connection) is never kept.
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return summary;
  }

  private generationOf(subdomain: string): number {
    return this.generations.get(subdomain) ?? 0;
  }

  private forgetTenant(subdomain: string): void {
    this.generations.set(subdomain, this.generationOf(subdomain) + 1);
    for (const [key, entry] of this.entries) if (entry.subdomain === subdomain) this.entries.delete(key);
  }
}

/** Scans of this tenant were recorded (committed): every process forgets its report summaries. */
export function scansRecorded(db: Database, tenant: TenantRow): Promise<void> {
  return changeFeedOf(db).publish('report-scans', tenant.subdomain);
}
