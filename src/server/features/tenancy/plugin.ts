import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { TenantRow } from '../../db/schema';
import { enterTenant } from '../../db/tenant-scope';
import { notFound } from '../../errors';
import { enterTenantCurrency } from '../../plugins/request-currency';
import { subdomainFromHost } from './host';
import { TenantCache } from './tenant-cache';

declare module 'fastify' {
  interface FastifyInstance {
    tenants: TenantCache;
  }
  interface FastifyRequest {
    /** The first label of the Host, or null on a bare host. */
    hostSubdomain: string | null;
    /** The tenant of the Host: its row, or null on a bare host or an unknown subdomain. */
    hostTenant(): Promise<TenantRow | null>;
    /**
     * The tenant a call is for. Calls that name a subdomain use it, but a tenant's own host may
     * only reach its own records: naming another tenant there is a 404, like an unknown one.
     */
    requireTenant(subdomainFromPath?: string): Promise<TenantRow>;
  }
}

/**
 * From here on the request's queries see this tenant's rows only (decision 152), and its amounts
 * are written in the tenant's currency (decision 244).
 */
function enterTenantOf(tenant: TenantRow): void {
  enterTenant(tenant.id);
  enterTenantCurrency(tenant.currency);
}

export const tenancyPlugin = fp(async (app: FastifyInstance) => {
  const cache = new TenantCache(app.deps.db, app.deps.config.TENANT_CACHE_SECONDS * 1000);
  app.addHook('onClose', async () => cache.unsubscribe());
  app.decorate('tenants', cache);
  app.decorateRequest('hostSubdomain', null);
  app.decorateRequest('hostTenant', async function (this: FastifyRequest) {
    const tenant = this.hostSubdomain ? await cache.get(this.hostSubdomain) : null;
    if (tenant) enterTenantOf(tenant);
    return tenant;
  });
  app.decorateRequest('requireTenant', async function (this: FastifyRequest, subdomainFromPath?: string) {
    const subdomain = subdomainFromPath ?? this.hostSubdomain;
    if (!subdomain || (this.hostSubdomain && subdomain !== this.hostSubdomain)) throw notFound('Tenant');
    const tenant = await cache.get(subdomain);
    if (!tenant) throw notFound('Tenant');
    enterTenantOf(tenant);
    return tenant;
  });
  app.addHook('onRequest', (request, _reply, done) => {
    request.hostSubdomain = subdomainFromHost(request.headers.host, app.deps.config.bareHosts);
    done();
  });
});
