import { getBrandContract } from '../../../shared/contract';
import type { ApiInstance } from '../../api-instance';
import { registerRoute } from '../../http/register-route';
import { toBrandDetails } from './service';

export async function brandRoutes(app: ApiInstance) {
  registerRoute(app, getBrandContract, async (request, reply) => {
    const tenant = await request.requireTenant(request.params.subdomain);
    // Brands change rarely and every page asks for one: let browsers and CDNs keep it briefly.
    reply.header('cache-control', 'public, max-age=60');
    return toBrandDetails(tenant);
  });
}
