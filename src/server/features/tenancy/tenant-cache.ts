import type { Database } from '../../db/client';
import type { TenantRow } from '../../db/schema';
import { readingSharedTables } from '../../db/tenant-scope';
import { findTenantBySubdomain } from './queries';

/**
 * Every request needs its tenant, and tenants change rarely: keep each for a few seconds so a
 * busy portal asks the database once per tenant per interval. Several server processes each
 * keep their own copy: the process that saves a brand edit forgets its copy at once (`forget`),
 * the others show the edit within the interval.
 */
export class TenantCache {
  private readonly entries = new Map<string, { tenant: TenantRow | null; expiresAt: number }>();

  constructor(
    private readonly db: Database,
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 10_000,
  ) {}

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

  /** Forget one tenant, after this process changed it (console settings). */
  forget(subdomain: string): void {
    this.entries.delete(subdomain);
  }

  /** Forget what is cached, e.g. after the fixture loader changed tenants in this process. */
  clear(): void {
    this.entries.clear();
  }
}
