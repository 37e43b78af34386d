import { getConsoleOverviewContract } from '../../../shared/contract';
import type { ApiInstance } from '../../api-instance';
import { registerRoute } from '../../http/register-route';
import { requireConsoleAccess } from '../operators/console-access';
import { loadConsoleOverview } from './console-overview';

export async function consoleOverviewRoutes(app: ApiInstance) {
  const { db, clock } = app.deps;
  registerRoute(app, getConsoleOverviewContract, async (request) => {
    const { tenant } = await requireConsoleAccess(request, getConsoleOverviewContract);
    return loadConsoleOverview(db, tenant, clock.now());
  });
}
