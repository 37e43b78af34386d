import {
  billingPortalContract,
  customerCardsContract,
  customerPortalContract,
  errorResponseSchema,
} from '../../../shared/contract';
import type { ApiInstance } from '../../api-instance';
import { tenantBaseUrl } from '../../config';
import { notFound } from '../../errors';
import { listCustomerCards, openCustomerPortal } from './customer-billing';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  502: errorResponseSchema,
};

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

  app.get(
    customerCardsContract.path,
    {
      schema: {
        tags: ['payments'],
        summary: "The signed-in customer's saved cards",
        security: [{ bearerAuth: [] }],
        response: { 200: customerCardsContract.response, ...errors },
      },
    },
    async (request, reply) => {
      const customer = await request.requireCustomer();
      reply.header('cache-control', 'no-store');
      return listCustomerCards({ db, gateway: payments, customer });
    },
  );

  app.get(
    customerPortalContract.path,
    {
      schema: {
        tags: ['payments'],
        summary: "A link to the payment provider's customer portal for the signed-in customer",
        security: [{ bearerAuth: [] }],
        params: customerPortalContract.params,
        querystring: customerPortalContract.querystring,
        response: { 200: customerPortalContract.response, ...errors },
      },
    },
    async (request, reply) => {
      const customer = await request.requireCustomer();
      // The id names the account; only one's own account has a portal here.
      if (request.params.id !== customer.id) throw notFound('Customer');
      const tenant = await request.requireTenant(request.query.subdomain);
      reply.header('cache-control', 'no-store');
      return portalFor(customer, tenant.subdomain);
    },
  );

  app.post(
    billingPortalContract.path,
    {
      schema: {
        tags: ['payments'],
        summary: "A link to the payment provider's customer portal for the signed-in customer",
        security: [{ bearerAuth: [] }],
        response: { 200: billingPortalContract.response, ...errors },
      },
    },
    async (request, reply) => {
      const customer = await request.requireCustomer();
      const tenant = await request.requireTenant();
      reply.header('cache-control', 'no-store');
      return portalFor(customer, tenant.subdomain);
    },
  );
}
