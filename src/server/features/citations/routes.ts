import { getCitationContract, searchCitationsContract } from '../../../shared/contract';
import type { ApiInstance } from '../../api-instance';
import { registerRoute } from '../../http/register-route';
import { getCitation, searchCitations } from './service';

export async function citationRoutes(app: ApiInstance) {
  const { db, clock } = app.deps;

  registerRoute(app, searchCitationsContract, async (request) => {
    const tenant = await request.requireTenant(request.params.subdomain);
    return searchCitations({
      db,
      tenant,
      plate: request.params.plate,
      number: request.params.number,
      now: clock.now(),
    });
  });

  registerRoute(app, getCitationContract, async (request) => {
    const tenant = await request.requireTenant();
    return getCitation({ db, tenant, citationId: request.params.uuid, now: clock.now() });
  });
}
