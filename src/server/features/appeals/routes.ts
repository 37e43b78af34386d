import {
  errorResponseSchema,
  getAppealContract,
  getCitationByNumberContract,
  submitAppealContract,
} from '../../../shared/contract';
import type { ApiInstance } from '../../api-instance';
import { findAppealableCitation, getAppeal, submitAppeal } from './service';

const errors = {
  400: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/** The public appeal calls; the tenant is always the host's. */
export async function appealRoutes(app: ApiInstance) {
  const { db, clock, storage } = app.deps;

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
        summary: 'The appeal of a notice (404: none yet and one can be made; 403: none and none can be made)',
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
        now: clock.now(),
      });
    },
  );

  app.put(
    submitAppealContract.path,
    {
      schema: {
        tags: ['appeals'],
        summary: 'Submit the appeal of a notice, with up to four proof photos uploaded beforehand',
        body: submitAppealContract.body,
        response: { 200: submitAppealContract.response, ...errors },
      },
    },
    async (request) => {
      const tenant = await request.requireTenant();
      return submitAppeal({ db, storage, tenant, body: request.body, now: clock.now() });
    },
  );
}
