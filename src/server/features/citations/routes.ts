import {
  getCitationContract,
  searchCitationsContract,
  suggestPlatesContract,
} from '../../../shared/contract';
import type { ApiInstance } from '../../api-instance';
import { registerRoute } from '../../http/register-route';
import { limitPerKey } from '../../plugins/rate-limit';
import { getCitationDetail, searchCitations, suggestPlates } from './service';

export async function citationRoutes(app: ApiInstance) {
  const { db, clock, config } = app.deps;

  registerRoute(app, searchCitationsContract, async (request) => {
    const tenant = await request.requireTenant(request.params.subdomain);
    // The public lookup tolerates a little lag: a replica when configured (decision 221).
    return searchCitations({
      db: request.lagTolerantDb(),
      tenant,
      plate: request.params.plate,
      number: request.params.number,
      now: clock.now(),
    });
  });

  registerRoute(app, getCitationContract, async (request) => {
    const tenant = await request.requireTenant();
    return getCitationDetail({ db, tenant, citationId: request.params.uuid, now: clock.now() });
  });

  registerRoute(
    app,
    suggestPlatesContract,
    async (request) => {
      const tenant = await request.requireTenant(request.params.subdomain);
      return suggestPlates({ db, tenant, plate: request.params.plate });
    },
    {
      onRequest: [
        limitPerKey(app, {
          name: 'suggest-plates',
          // Suggestions reveal plates: a person needs a few tries, a script fishing for plates many.
          max: config.PLATE_SUGGESTIONS_RATE_LIMIT_PER_CLIENT,
          timeWindow: 60_000,
          key: (request) => request.ip,
        }),
      ],
    },
  );
}
