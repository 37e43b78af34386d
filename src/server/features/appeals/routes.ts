import type { FastifyInstance } from 'fastify';
import {
  APPEAL_TOKEN_HEADER,
  confirmAppealContract,
  getAppealContract,
  getCitationByNumberContract,
  submitAppealContract,
} from '../../../shared/contract';
import type { ApiInstance } from '../../api-instance';
import { registerRoute } from '../../http/register-route';
import { limitPerKey } from '../../plugins/rate-limit';
import { confirmAppeal, findAppealableCitation, getAppeal, submitAppeal } from './service';

/** The public appeal calls; the tenant is always the host's. */
export async function appealRoutes(app: ApiInstance) {
  const { db, clock, storage, config } = app.deps;
  // Each submission emails a link to the address given: limited per client, like sign-up.
  const perClient = (name: string) => ({
    onRequest: [
      limitPerKey(app as unknown as FastifyInstance, {
        name,
        max: config.AUTH_RATE_LIMIT_PER_CLIENT,
        timeWindow: 60_000,
        key: (request) => request.ip,
      }),
    ],
  });

  registerRoute(app, getCitationByNumberContract, async (request) => {
    const tenant = await request.requireTenant();
    return findAppealableCitation({ db, tenant, number: request.params.number, now: clock.now() });
  });

  registerRoute(app, getAppealContract, async (request) => {
    const tenant = await request.requireTenant();
    return getAppeal({
      db,
      tenant,
      citationId: request.params.uuid,
      number: request.params.number,
      token: [request.headers[APPEAL_TOKEN_HEADER]].flat()[0] ?? null,
      now: clock.now(),
    });
  });

  registerRoute(
    app,
    submitAppealContract,
    async (request) => {
      const tenant = await request.requireTenant();
      return submitAppeal({ db, config, storage, tenant, body: request.body, now: clock.now() });
    },
    perClient('appeal-submit:client'),
  );

  registerRoute(
    app,
    confirmAppealContract,
    async (request) => {
      const tenant = await request.requireTenant();
      return confirmAppeal({
        db,
        tenant,
        citationId: request.body.citationUUID,
        token: request.body.token,
        now: clock.now(),
      });
    },
    perClient('appeal-confirm:client'),
  );
}
