import { asc, ilike } from 'drizzle-orm';
import type { PortalMatch } from '../../../shared/contract';
import type { Config } from '../../config';
import { tenantBaseUrl } from '../../config';
import type { Database } from '../../db/client';
import { tenants } from '../../db/schema';

/** A lost visitor needs a handful of candidates, not a directory of every operator. */
export const MAX_PORTAL_MATCHES = 10;

/** `%` and `_` typed by a visitor are letters, not wildcards. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * Portals whose operator's title contains `name` (any case), answering only the title and the
 * portal's own address: a tenant whose portal moved (TENANT_REDIRECTS) is given at its new home.
 */
export async function findPortals(options: {
  db: Database;
  config: Pick<Config, 'publicBaseUrl' | 'tenantRedirects'>;
  name: string;
}): Promise<PortalMatch[]> {
  const rows = await options.db
    .select({ title: tenants.brandTitle, subdomain: tenants.subdomain })
    .from(tenants)
    .where(ilike(tenants.brandTitle, `%${escapeLike(options.name)}%`))
    .orderBy(asc(tenants.brandTitle))
    .limit(MAX_PORTAL_MATCHES);
  return rows.map((row) => ({
    name: row.title,
    url: options.config.tenantRedirects.get(row.subdomain) ?? tenantBaseUrl(options.config, row.subdomain),
  }));
}
