import { findPortalsContract, getBrandContract } from '../../../shared/contract';
import { BARE_HOST_TENANT } from '../../../shared/rules';
import type { ApiInstance } from '../../api-instance';
import { registerRoute } from '../../http/register-route';
import { limitPerKey } from '../../plugins/rate-limit';
import { findPortals } from './find-portals';
import { GENERIC_BRAND } from './generic-brand';
import { toBrandDetails } from './service';

export async function brandRoutes(app: ApiInstance) {
  const { db, config } = app.deps;

  registerRoute(app, getBrandContract, async (request, reply) => {
    // Brands change rarely and every page asks for one: let browsers and CDNs keep it briefly.
    reply.header('cache-control', 'public, max-age=60');
    // 'www' is the tenant value of bare hosts: it answers the generic brand there.
    if (request.params.subdomain === BARE_HOST_TENANT && !request.hostSubdomain) return GENERIC_BRAND();
    return toBrandDetails(await request.requireTenant(request.params.subdomain));
  });

  registerRoute(
    app,
    findPortalsContract,
    async (request) => findPortals({ db, config, name: request.query.name }),
    {
      onRequest: [
        limitPerKey(app, {
          name: 'find-portals',
          // Searching operators by name: enough for a person, too few to list every tenant quickly.
          max: config.PORTAL_SEARCH_RATE_LIMIT_PER_CLIENT,
          timeWindow: 60_000,
          key: (request) => request.ip,
        }),
      ],
    },
  );
}
