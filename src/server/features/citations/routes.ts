import { errorResponseSchema, getCitationContract, searchCitationsContract } from '../../../shared/contract';
import type { ApiInstance } from '../../api-instance';
import { getCitation, searchCitations } from './service';

const errors = { 400: errorResponseSchema, 404: errorResponseSchema };

export async function citationRoutes(app: ApiInstance) {
  const { db, clock } = app.deps;

  app.get(
    searchCitationsContract.path,
    {
      schema: {
        tags: ['citations'],
        summary: "Notices of a tenant by plate or notice number ('blank' for none)",
        params: searchCitationsContract.params,
        response: { 200: searchCitationsContract.response, ...errors },
      },
    },
    async (request) => {
      const tenant = await request.requireTenant(request.params.subdomain);
      return searchCitations({
        db,
        tenant,
        plate: request.params.plate,
        number: request.params.number,
        now: clock.now(),
      });
    },
  );

  app.get(
    getCitationContract.path,
    {
      schema: {
        tags: ['citations'],
        summary: "One notice of the host's tenant",
        params: getCitationContract.params,
        response: { 200: getCitationContract.response, ...errors },
      },
    },
    async (request) => {
      const tenant = await request.requireTenant();
      return getCitation({ db, tenant, citationId: request.params.uuid, now: clock.now() });
    },
  );
}
