import { errorResponseSchema, getBrandContract } from '../../../shared/contract';
import type { ApiInstance } from '../../api-instance';
import { toBrandDetails } from './service';

export async function brandRoutes(app: ApiInstance) {
  app.get(
    getBrandContract.path,
    {
      schema: {
        tags: ['brand'],
        summary: 'Brand details of a tenant',
        params: getBrandContract.params,
        response: { 200: getBrandContract.response, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const tenant = await request.requireTenant(request.params.subdomain);
      // Brands change rarely and every page asks for one: let browsers and CDNs keep it briefly.
      reply.header('cache-control', 'public, max-age=60');
      return toBrandDetails(tenant);
    },
  );
}
