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
 * about (its listening connection was down).
 */
export class TenantCache {
  private readonly entries = new Map<string, { tenant: TenantRow | null; expiresAt: number }>();
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
    const now = Date.now();
    const cached = this.entries.get(subdomain);
    if (cached && cached.expiresAt > now) return cached.tenant;
    // The tenants table has no tenant_id: any pooled connection may read it as it is (decision 152).
    const tenant = await readingSharedTables(() => findTenantBySubdomain(this.db, subdomain));
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(subdomain, { tenant, expiresAt: now + this.ttlMs });
    return tenant;
  }

  /** The tenant as the database has it now, kept for the next requests. */
  async reload(subdomain: string): Promise<TenantRow | null> {
    this.entries.delete(subdomain);
    return this.get(subdomain);
  }

  /** Forget this process's copy of one tenant (what `changed` does in every process). */
  forget(subdomain: string): void {
    this.entries.delete(subdomain);
  }

  /** Forget what is cached, e.g. after the fixture loader changed tenants in this process. */
  clear(): void {
    this.entries.clear();
  }
}
