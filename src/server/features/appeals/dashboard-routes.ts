import {
  answerAppealContract,
  listDashboardAppealsContract,
  searchDashboardAppealsContract,
} from '../../../shared/contract';
import type { ApiInstance } from '../../api-instance';
import { registerRoute } from '../../http/register-route';
import { operatorActor, requirePermission } from '../permissions';
import { answerAppeal, listDashboardAppeals } from './dashboard-service';
import { searchDashboardAppeals } from './search-appeals';

/** The operator's side of appeals; every call needs an operator token of the host's tenant. */
export async function dashboardAppealRoutes(app: ApiInstance) {
  const { db, clock, config } = app.deps;

  registerRoute(app, listDashboardAppealsContract, async (request) => {
    const tenant = await request.requireTenant();
    requirePermission(operatorActor(await request.requireOperator()), 'appeal.list');
    return listDashboardAppeals({ db, tenant, now: clock.now() });
  });

  registerRoute(app, searchDashboardAppealsContract, async (request) => {
    const tenant = await request.requireTenant();
    requirePermission(operatorActor(await request.requireOperator()), 'appeal.list');
    return searchDashboardAppeals({ db, tenant, query: request.query, now: clock.now() });
  });

  registerRoute(app, answerAppealContract, async (request) => {
    const tenant = await request.requireTenant();
    const operator = await request.requireOperator();
    requirePermission(operatorActor(operator), 'appeal.answer');
    return answerAppeal({
      db,
      config,
      tenant,
      operator,
      appealId: request.params.uuid,
      body: request.body,
      now: clock.now(),
    });
  });
}
