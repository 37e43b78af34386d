import { LRUCache } from 'lru-cache';
import { type ChangeFeed, changeFeedOf } from '../../db/change-feed';
import type { Database } from '../../db/client';
import type { TenantRow } from '../../db/schema';
import { readingSharedTables } from '../../db/tenant-scope';
import { findTenantBySubdomain } from './queries';

/** A tenant as read, or null for a subdomain no tenant has (kept too: bots ask for many). */
interface CachedTenant {
  tenant: TenantRow | null;
}

/**
 * Every request needs its tenant, and tenants change rarely: keep each for a few seconds so a
 * busy portal asks the database once per tenant per interval (lru-cache: ttl, a bound on entries,
 * and one shared read for the requests that miss the same tenant at once). Several server
 * processes each keep their own copy: a change is announced on the database's change feed
 * (`changed`), and every process forgets its copy when it hears it; the lifetime bounds a copy a
 * process could not hear about (its listening connection was down).
 */
export class TenantCache {
  private readonly entries: LRUCache<string, CachedTenant>;
  private readonly feed: ChangeFeed;

  constructor(db: Database, ttlMs = 5_000, maxEntries = 10_000) {
    this.entries = new LRUCache<string, CachedTenant>({
      max: maxEntries,
      ttl: ttlMs,
      // The tenants table has no tenant_id: any pooled connection may read it as it is (decision 152).
      fetchMethod: async (subdomain) => ({
        tenant: await readingSharedTables(() => findTenantBySubdomain(db, subdomain)),
      }),
    });
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
    for (;;) {
      const status: LRUCache.Status<string, CachedTenant> = {};
      try {
        const entry = await this.entries.fetch(subdomain, { status });
        if (entry) return entry.tenant;
      } catch (error) {
        // A read under way when the tenant was forgotten is dropped, since the change may have
        // come after the read saw the row: its callers read again.
        if (!status.fetchAborted) throw error;
      }
    }
  }

  /** The tenant as the database has it now, kept for the next requests. */
  async reload(subdomain: string): Promise<TenantRow | null> {
    this.forget(subdomain);
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
