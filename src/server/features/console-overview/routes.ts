import { getConsoleOverviewContract, getConsoleTrendsContract } from '../../../shared/contract';
import type { ApiInstance } from '../../api-instance';
import { registerRoute } from '../../http/register-route';
import { requireConsoleAccess } from '../operators';
import { loadConsoleOverview } from './console-overview';
import { loadConsoleTrends } from './console-trends';

export async function consoleOverviewRoutes(app: ApiInstance) {
  const { db, clock } = app.deps;
  registerRoute(app, getConsoleOverviewContract, async (request) => {
    const { tenant } = await requireConsoleAccess(request, getConsoleOverviewContract);
    return loadConsoleOverview(db, tenant, clock.now());
  });
  registerRoute(app, getConsoleTrendsContract, async (request) => {
    const { tenant } = await requireConsoleAccess(request, getConsoleTrendsContract);
    const { from, to } = request.query;
    return loadConsoleTrends({ db, tenant, now: clock.now(), from, to });
  });
}
