import {
  billingPortalContract,
  customerCardsContract,
  customerPortalContract,
} from '../../../shared/contract';
import type { ApiInstance } from '../../api-instance';
import { tenantBaseUrl } from '../../config';
import { notFound } from '../../errors';
import { registerRoute } from '../../http/register-route';
import { listCustomerCards, openCustomerPortal } from './customer-billing';

/** The signed-in customer's saved cards and the provider's customer portal (account screen). */
export async function customerBillingRoutes(app: ApiInstance) {
  const { db, config, payments } = app.deps;
  /** The provider's portal for a customer, returning to their account screen on their tenant. */
  const portalFor = (customer: Parameters<typeof openCustomerPortal>[0]['customer'], subdomain: string) =>
    openCustomerPortal({
      db,
      gateway: payments,
      customer,
      returnUrl: `${tenantBaseUrl(config, subdomain)}/permits/account`,
    });

  registerRoute(app, customerCardsContract, async (request) => {
    const customer = await request.requireCustomer();
    return listCustomerCards({ db, gateway: payments, customer });
  });

  registerRoute(app, customerPortalContract, async (request) => {
    const customer = await request.requireCustomer();
    // The id names the account; only one's own account has a portal here.
    if (request.params.id !== customer.id) throw notFound('Customer');
    const tenant = await request.requireTenant(request.query.subdomain);
    return portalFor(customer, tenant.subdomain);
  });

  registerRoute(app, billingPortalContract, async (request) => {
    const customer = await request.requireCustomer();
    const tenant = await request.requireTenant();
    return portalFor(customer, tenant.subdomain);
  });
}
