import {
  exportRepeatOffendersContract,
  getPlateStandingContract,
  listRepeatOffendersContract,
} from '../../../shared/contract';
import type { ApiInstance } from '../../api-instance';
import { registerRoute } from '../../http/register-route';
import { authoriseConsoleCall } from '../console-notices';
import { exportRepeatOffenders } from './export-repeat-offenders';
import { listRepeatOffenders } from './list-repeat-offenders';
import { getPlateStanding } from './plate-standing';

/** The console's repeat offenders (issue 31, decision 213). */
export async function repeatOffenderRoutes(app: ApiInstance) {
  const { db, clock } = app.deps;

  registerRoute(app, listRepeatOffendersContract, async (request) => {
    const { tenant } = await authoriseConsoleCall(request, listRepeatOffendersContract);
    return listRepeatOffenders({ db, tenant, now: clock.now(), query: request.query });
  });

  registerRoute(app, exportRepeatOffendersContract, async (request, reply) => {
    const { tenant } = await authoriseConsoleCall(request, exportRepeatOffendersContract);
    const now = clock.now();
    const day = now.toISOString().slice(0, 10);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="repeat-offenders-${tenant.subdomain}-${day}.csv"`,
      );
    // A stream is sent as it is read, past the JSON serialiser.
    return reply.send(exportRepeatOffenders({ db, tenant, now })) as never;
  });

  registerRoute(app, getPlateStandingContract, async (request) => {
    const { tenant } = await authoriseConsoleCall(request, getPlateStandingContract);
    return getPlateStanding({ db, tenant, plate: request.query.plate, now: clock.now() });
  });
}
