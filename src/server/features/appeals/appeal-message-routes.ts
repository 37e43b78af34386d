import type { FastifyRequest } from 'fastify';
import {
  APPEAL_TOKEN_HEADER,
  listAppealMessagesContract,
  listDashboardAppealMessagesContract,
  postAppealMessageContract,
  postDashboardAppealMessageContract,
} from '../../../shared/contract';
import type { ApiInstance } from '../../api-instance';
import { registerRoute } from '../../http/register-route';
import { limitPerKey } from '../../plugins/rate-limit';
import { operatorActor, requirePermission } from '../permissions';
import {
  listAppellantMessages,
  listOperatorMessages,
  postAppellantMessage,
  postOperatorMessage,
} from './appeal-messages';

/** The appeal's confirmation token the appellant's browser sends, or null. */
const appealTokenOf = (request: FastifyRequest) => [request.headers[APPEAL_TOKEN_HEADER]].flat()[0] ?? null;

/** The appeal thread: the appellant's calls on the public side, the operator's on the dashboard. */
export async function appealMessageRoutes(app: ApiInstance) {
  const { db, clock, config, storage } = app.deps;

  registerRoute(app, listAppealMessagesContract, async (request) => {
    const tenant = await request.requireTenant();
    return listAppellantMessages({
      db,
      tenant,
      citationId: request.params.uuid,
      number: request.params.number,
      token: appealTokenOf(request),
    });
  });

  registerRoute(
    app,
    postAppealMessageContract,
    async (request) => {
      const tenant = await request.requireTenant();
      return postAppellantMessage({
        db,
        config,
        tenant,
        citationId: request.params.uuid,
        number: request.params.number,
        token: appealTokenOf(request),
        storage,
        message: request.body,
        now: clock.now(),
      });
    },
    {
      onRequest: [
        limitPerKey(app, {
          name: 'appeal-messages',
          // Each message emails the operators: a person writes a few, a script many.
          max: config.APPEAL_MESSAGE_RATE_LIMIT_PER_CLIENT,
          timeWindow: 60_000,
          key: (request) => request.ip,
        }),
      ],
    },
  );

  registerRoute(app, listDashboardAppealMessagesContract, async (request) => {
    const tenant = await request.requireTenant();
    requirePermission(operatorActor(await request.requireOperator()), 'appeal.list');
    return listOperatorMessages({ db, tenant, appealId: request.params.uuid });
  });

  registerRoute(app, postDashboardAppealMessageContract, async (request) => {
    const tenant = await request.requireTenant();
    requirePermission(operatorActor(await request.requireOperator()), 'appeal.answer');
    return postOperatorMessage({
      db,
      config,
      tenant,
      appealId: request.params.uuid,
      storage,
      message: request.body,
      now: clock.now(),
    });
  });
}
