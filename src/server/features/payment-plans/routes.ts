import { startPaymentPlanContract } from '../../../shared/contract';
import type { ApiInstance } from '../../api-instance';
import { tenantBaseUrl } from '../../config';
import { registerRoute } from '../../http/register-route';
import { registerFulfilment } from '../payments';
import { fulfilPlanPayment } from './fulfil-plan';
import { startPaymentPlan } from './start-payment-plan';

/** Payment plans (issue 31, decision 222): the notice page starts one; the sweep charges the rest. */
export async function paymentPlanRoutes(app: ApiInstance) {
  // A paid first instalment brings its plan into force: payments calls back through this.
  registerFulfilment('plan', fulfilPlanPayment);
  const { db, clock, config, payments } = app.deps;

  registerRoute(app, startPaymentPlanContract, async (request) => {
    const tenant = await request.requireTenant();
    return startPaymentPlan({
      db,
      gateway: payments,
      tenant,
      tenantUrl: tenantBaseUrl(config, tenant.subdomain),
      citationId: request.params.uuid,
      instalments: request.body.instalments,
      email: request.body.email,
      now: clock.now(),
      log: request.log,
    });
  });
}
