import {
  getCustomerByUuidContract,
  getCustomerContract,
  refreshGuestCodeContract,
  updateCustomerContract,
} from '../../../shared/contract';
import type { ApiInstance } from '../../api-instance';
import { registerRoute } from '../../http/register-route';
import { toCustomer } from './presenters';
import { getCustomerByUuid, refreshGuestCode, updateCustomer } from './service';

export async function customerRoutes(app: ApiInstance) {
  const { db, config, clock } = app.deps;

  registerRoute(app, getCustomerContract, async (request) => toCustomer(await request.requireCustomer()));

  registerRoute(app, updateCustomerContract, async (request) => {
    const customer = await request.requireCustomer();
    const tenant = await request.requireTenant();
    const { subdomain, currentPassword, ...changes } = request.body;
    return updateCustomer({ db, config, clock, tenant, customer, subdomain, currentPassword, changes });
  });

  registerRoute(app, refreshGuestCodeContract, async (request) =>
    refreshGuestCode({ db, customer: await request.requireCustomer() }),
  );

  registerRoute(app, getCustomerByUuidContract, async (request) =>
    getCustomerByUuid({ customer: await request.requireCustomer(), uuid: request.params.uuid }),
  );
}
