import type { FastifyInstance } from 'fastify';
import {
  APPEAL_TOKEN_HEADER,
  confirmAppealContract,
  errorResponseSchema,
  getAppealContract,
  getCitationByNumberContract,
  submitAppealContract,
} from '../../../shared/contract';
import type { ApiInstance } from '../../api-instance';
import { limitPerKey } from '../../plugins/rate-limit';
import { confirmAppeal, findAppealableCitation, getAppeal, submitAppeal } from './service';

const errors = {
  400: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/** The public appeal calls; the tenant is always the host's. */
export async function appealRoutes(app: ApiInstance) {
  const { db, clock, storage, config } = app.deps;
  // Each submission emails a link to the address given: limited per client, like sign-up.
  const perClient = (name: string) => [
    limitPerKey(app as unknown as FastifyInstance, {
      name,
      max: config.AUTH_RATE_LIMIT_PER_CLIENT,
      timeWindow: 60_000,
      key: (request) => request.ip,
    }),
  ];

  app.get(
    getCitationByNumberContract.path,
    {
      schema: {
        tags: ['appeals'],
        summary:
          'The notice with this number, if it can be appealed (404: no record, appealed, voided or paid; 403: window expired)',
        params: getCitationByNumberContract.params,
        response: { 200: getCitationByNumberContract.response, ...errors },
      },
    },
    async (request) => {
      const tenant = await request.requireTenant();
      return findAppealableCitation({ db, tenant, number: request.params.number, now: clock.now() });
    },
  );

  app.get(
    getAppealContract.path,
    {
      schema: {
        tags: ['appeals'],
        summary:
          'The appeal of a notice, personal fields masked unless x-appeal-token holds its confirmation token (404: none yet; 403: none can be made)',
        params: getAppealContract.params,
        response: { 200: getAppealContract.response, ...errors },
      },
    },
    async (request) => {
      const tenant = await request.requireTenant();
      return getAppeal({
        db,
        tenant,
        citationId: request.params.uuid,
        number: request.params.number,
        token: [request.headers[APPEAL_TOKEN_HEADER]].flat()[0] ?? null,
        now: clock.now(),
      });
    },
  );

  app.put(
    submitAppealContract.path,
    {
      onRequest: perClient('appeal-submit:client'),
      schema: {
        tags: ['appeals'],
        summary: 'Submit the appeal of a notice, with up to four proof photos uploaded beforehand',
        body: submitAppealContract.body,
        response: { 200: submitAppealContract.response, ...errors },
      },
    },
    async (request) => {
      const tenant = await request.requireTenant();
      return submitAppeal({ db, config, storage, tenant, body: request.body, now: clock.now() });
    },
  );

  app.post(
    confirmAppealContract.path,
    {
      onRequest: perClient('appeal-confirm:client'),
      schema: {
        tags: ['appeals'],
        summary:
          'Confirm an appeal with the emailed link: only then is it reviewed (400: link invalid or expired)',
        body: confirmAppealContract.body,
        response: { 200: confirmAppealContract.response, ...errors },
      },
    },
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
  );
}
