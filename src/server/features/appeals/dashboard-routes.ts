import {
  answerAppealContract,
  errorResponseSchema,
  listDashboardAppealsContract,
} from '../../../shared/contract';
import type { ApiInstance } from '../../api-instance';
import { operatorActor, requirePermission } from '../permissions';
import { answerAppeal, listDashboardAppeals } from './dashboard-service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/** The operator's side of appeals; every call needs an operator token of the host's tenant. */
export async function dashboardAppealRoutes(app: ApiInstance) {
  const { db, clock, config } = app.deps;

  app.get(
    listDashboardAppealsContract.path,
    {
      schema: {
        tags: ['dashboard'],
        summary: "The tenant's appeals, pending first",
        response: { 200: listDashboardAppealsContract.response, ...errors },
      },
    },
    async (request) => {
      const tenant = await request.requireTenant();
      requirePermission(operatorActor(await request.requireOperator()), 'appeal.list');
      return listDashboardAppeals({ db, tenant });
    },
  );

  app.put(
    answerAppealContract.path,
    {
      schema: {
        tags: ['dashboard'],
        summary: 'Approve or deny a pending appeal, optionally with a status text and voiding the notice',
        params: answerAppealContract.params,
        body: answerAppealContract.body,
        response: { 200: answerAppealContract.response, ...errors },
      },
    },
    async (request) => {
      const tenant = await request.requireTenant();
      requirePermission(operatorActor(await request.requireOperator()), 'appeal.answer');
      return answerAppeal({
        db,
        config,
        tenant,
        appealId: request.params.uuid,
        body: request.body,
        now: clock.now(),
      });
    },
  );
}
