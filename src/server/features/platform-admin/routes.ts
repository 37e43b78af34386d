import type { FastifyInstance } from 'fastify';
import {
  createPlatformTenantContract,
  listPlatformTenantsContract,
  platformAdminLoginContract,
} from '../../../shared/contract';
import type { ApiInstance } from '../../api-instance';
import { withSystemScope } from '../../db/tenant-scope';
import { notFound } from '../../errors';
import { registerRoute } from '../../http/register-route';
import { signInRateLimits } from '../auth';
import { requirePermission } from '../permissions';
import { requirePlatformAdmin, signInPlatformAdmin } from './platform-admins';
import { createPlatformTenant, listPlatformTenants } from './platform-tenants';

/** The platform admin's calls, on the bare host only (docs/decisions/146). */
export async function platformAdminRoutes(app: ApiInstance) {
  const { db, config, clock } = app.deps;
  const deps = { db, config, clock };
  const plain = app as unknown as FastifyInstance;

  registerRoute(
    app,
    platformAdminLoginContract,
    async (request) => {
      if (request.hostSubdomain) throw notFound('Page');
      return signInPlatformAdmin({ ...deps, ...request.body });
    },
    // The operators' sign-in limits, keyed by the address tried.
    signInRateLimits(plain, 'platform-admin-login', (request) => {
      const email = (request.body as { email?: unknown } | undefined)?.email;
      return typeof email === 'string' ? `platform-admin:${email.trim().toLowerCase()}` : null;
    }),
  );

  registerRoute(app, listPlatformTenantsContract, async (request) => {
    const admin = await requirePlatformAdmin(request, deps);
    requirePermission({ kind: 'platform-admin', adminId: admin.id }, 'tenant.manage');
    // The platform admin works across tenants on the bare host, where no tenant is in scope.
    return withSystemScope(() => listPlatformTenants(db));
  });

  registerRoute(app, createPlatformTenantContract, async (request) => {
    const admin = await requirePlatformAdmin(request, deps);
    requirePermission({ kind: 'platform-admin', adminId: admin.id }, 'tenant.manage');
    const tenant = await withSystemScope(() => createPlatformTenant({ ...deps, admin, input: request.body }));
    // A visit to the subdomain before it existed is cached as 'no such tenant': forget it.
    await app.tenants.changed(tenant.subdomain);
    return tenant;
  });
}
