import {
  errorResponseSchema,
  getCustomerByUuidContract,
  getCustomerContract,
  refreshGuestCodeContract,
  updateCustomerContract,
} from '../../../shared/contract';
import type { ApiInstance } from '../../api-instance';
import { toCustomer } from './presenters';
import { getCustomerByUuid, refreshGuestCode, updateCustomer } from './service';

const errors = (...statuses: number[]) =>
  Object.fromEntries([400, 401, 404, ...statuses].map((status) => [status, errorResponseSchema]));
const security = [{ bearerAuth: [] }];

export async function customerRoutes(app: ApiInstance) {
  const { db, config, clock } = app.deps;

  app.get(
    getCustomerContract.path,
    {
      schema: {
        tags: ['customers'],
        summary: 'The signed-in customer',
        security,
        response: { 200: getCustomerContract.response, ...errors() },
      },
    },
    async (request) => toCustomer(await request.requireCustomer()),
  );

  app.put(
    updateCustomerContract.path,
    {
      schema: {
        tags: ['customers'],
        summary:
          'Change location, name or email (the email with the current password: 403 when wrong; 409 when taken)',
        security,
        body: updateCustomerContract.body,
        response: { 200: updateCustomerContract.response, ...errors(403, 409) },
      },
    },
    async (request) => {
      const customer = await request.requireCustomer();
      const tenant = await request.requireTenant();
      const { subdomain, currentPassword, ...changes } = request.body;
      return updateCustomer({ db, config, clock, tenant, customer, subdomain, currentPassword, changes });
    },
  );

  app.post(
    refreshGuestCodeContract.path,
    {
      schema: {
        tags: ['customers'],
        summary: 'Issue a new guest code (registered permit holders only)',
        security,
        response: { 200: refreshGuestCodeContract.response, ...errors(403) },
      },
    },
    async (request) => refreshGuestCode({ db, customer: await request.requireCustomer() }),
  );

  app.get(
    getCustomerByUuidContract.path,
    {
      schema: {
        tags: ['customers'],
        summary: 'A customer by uuid: only the signed-in customer themselves',
        security,
        params: getCustomerByUuidContract.params,
        response: { 200: getCustomerByUuidContract.response, ...errors() },
      },
    },
    async (request) =>
      getCustomerByUuid({ customer: await request.requireCustomer(), uuid: request.params.uuid }),
  );
}
