import { type ChangeFeed, changeFeedOf } from '../../db/change-feed';
import type { Database } from '../../db/client';
import type { TenantRow } from '../../db/schema';
import { readingSharedTables } from '../../db/tenant-scope';
import { findTenantBySubdomain } from './queries';

/**
 * Every request needs its tenant, and tenants change rarely: keep each for a few seconds so a
 * busy portal asks the database once per tenant per interval. Several server processes each
 * keep their own copy: a change is announced on the database's change feed (`changed`), and every
 * process forgets its copy when it hears it; the lifetime bounds a copy a process could not hear
 * about (its listening connection was down). Requests that miss the same tenant at once share one
 * read: when a copy runs out under load, every request in flight would otherwise ask for it.
 */
export class TenantCache {
  private readonly entries = new Map<string, { tenant: TenantRow | null; expiresAt: number }>();
  /** The read under way for a subdomain, which requests that miss it meanwhile wait for. */
  private readonly reads = new Map<string, Promise<TenantRow | null>>();
  private readonly feed: ChangeFeed;

  constructor(
    private readonly db: Database,
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 10_000,
  ) {
    this.feed = changeFeedOf(db);
    this.unsubscribe = this.feed.subscribe(
      'tenant',
      (subdomain) => this.forget(subdomain),
      () => this.clear(),
    );
  }

  /** Stops hearing the change feed (the app is closing). */
  readonly unsubscribe: () => void;

  /** A tenant was created or changed: every process forgets its copy (this one at once). */
  async changed(subdomain: string): Promise<void> {
    await this.feed.publish('tenant', subdomain);
  }

  async get(subdomain: string): Promise<TenantRow | null> {
    const cached = this.entries.get(subdomain);
    if (cached && cached.expiresAt > Date.now()) return cached.tenant;
    return this.reads.get(subdomain) ?? this.read(subdomain);
  }

  private read(subdomain: string): Promise<TenantRow | null> {
    const startedAt = Date.now();
    // Kept only while it is still this subdomain's read: `forget` drops a read under way, since a
    // change announced meanwhile may have come after the read saw the row.
    const isCurrent = () => this.reads.get(subdomain) === read;
    // The tenants table has no tenant_id: any pooled connection may read it as it is (decision 152).
    const read = readingSharedTables(() => findTenantBySubdomain(this.db, subdomain)).then(
      (tenant) => {
        if (isCurrent()) {
          this.reads.delete(subdomain);
          if (this.entries.size >= this.maxEntries) this.entries.clear();
          this.entries.set(subdomain, { tenant, expiresAt: startedAt + this.ttlMs });
        }
        return tenant;
      },
      (error: unknown) => {
        if (isCurrent()) this.reads.delete(subdomain);
        throw error;
      },
    );
    this.reads.set(subdomain, read);
    return read;
  }

  /** The tenant as the database has it now, kept for the next requests. */
  async reload(subdomain: string): Promise<TenantRow | null> {
    this.forget(subdomain);
    return this.get(subdomain);
  }

  /** Forget this process's copy of one tenant (what `changed` does in every process). */
  forget(subdomain: string): void {
    this.entries.delete(subdomain);
    this.reads.delete(subdomain);
  }

  /** Forget what is cached, e.g. after the fixture loader changed tenants in this process. */
  clear(): void {
    this.entries.clear();
    this.reads.clear();
  }
}
