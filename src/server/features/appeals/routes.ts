import {
  getAppealContract,
  getCitationByNumberContract,
  submitAppealContract,
} from '../../../shared/contract';
import type { ApiInstance } from '../../api-instance';
import { registerRoute } from '../../http/register-route';
import { findAppealableCitation, getAppeal, submitAppeal } from './service';

/** The public appeal calls; the tenant is always the host's. */
export async function appealRoutes(app: ApiInstance) {
  const { db, clock, storage } = app.deps;

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
      now: clock.now(),
    });
  });

  registerRoute(app, submitAppealContract, async (request) => {
    const tenant = await request.requireTenant();
    return submitAppeal({ db, storage, tenant, body: request.body, now: clock.now() });
  });
}
