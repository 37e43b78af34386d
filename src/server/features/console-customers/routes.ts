import {
  exportCustomersContract,
  getConsoleCustomerContract,
  grantQuotaOverrideContract,
  issueSignupCodesContract,
  listCustomersContract,
  listQuotaOverridesContract,
  listSignupCodesContract,
  setCustomerBusinessContract,
  setCustomerGuestCodesContract,
} from '../../../shared/contract';
import type { ApiInstance } from '../../api-instance';
import { registerRoute } from '../../http/register-route';
import { authoriseConsoleCall } from '../console-notices';
import { sendCsvDownload } from '../lists';
import { setBusiness, setGuestCodes } from './customer-changes';
import { getConsoleCustomer } from './customer-profile';
import { listCustomers } from './customer-search';
import { exportCustomers } from './export-customers';
import { grantQuotaOverride, listQuotaOverrides } from './quota-overrides';
import { issueSignupCodes, listSignupCodes } from './signup-codes';

/** The console's customers and sign-up codes (issue 11). */
export async function consoleCustomerRoutes(app: ApiInstance) {
  const { db, clock } = app.deps;

  registerRoute(app, listCustomersContract, async (request) => {
    const { tenant } = await authoriseConsoleCall(request, listCustomersContract);
    return listCustomers({ db, tenant, query: request.query });
  });

  registerRoute(app, exportCustomersContract, async (request, reply) => {
    const { tenant } = await authoriseConsoleCall(request, exportCustomersContract);
    const stream = exportCustomers({ db, tenant, query: request.query });
    return sendCsvDownload(reply, {
      list: 'customers',
      subdomain: tenant.subdomain,
      now: clock.now(),
      stream,
    });
  });

  registerRoute(app, getConsoleCustomerContract, async (request) => {
    const { tenant } = await authoriseConsoleCall(request, getConsoleCustomerContract);
    return getConsoleCustomer({ db, tenant, customerId: request.params.uuid });
  });

  registerRoute(app, setCustomerGuestCodesContract, async (request) => {
    const { tenant, operator } = await authoriseConsoleCall(request, setCustomerGuestCodesContract);
    const customerId = request.params.uuid;
    return setGuestCodes({ db, tenant, operator, customerId, ...request.body });
  });

  registerRoute(app, setCustomerBusinessContract, async (request) => {
    const { tenant, operator } = await authoriseConsoleCall(request, setCustomerBusinessContract);
    const customerId = request.params.uuid;
    return setBusiness({ db, tenant, operator, customerId, entityName: request.body.entityName });
  });

  registerRoute(app, listQuotaOverridesContract, async (request) => {
    const { tenant } = await authoriseConsoleCall(request, listQuotaOverridesContract);
    return listQuotaOverrides({ db, tenant, customerId: request.params.uuid });
  });

  registerRoute(app, grantQuotaOverrideContract, async (request) => {
    const { tenant, operator } = await authoriseConsoleCall(request, grantQuotaOverrideContract);
    return grantQuotaOverride({
      db,
      tenant,
      operator,
      customerId: request.params.uuid,
      productId: request.body.productUUID,
      reason: request.body.reason,
      now: app.deps.clock.now(),
    });
  });

  registerRoute(app, listSignupCodesContract, async (request) => {
    const { tenant } = await authoriseConsoleCall(request, listSignupCodesContract);
    return listSignupCodes(db, tenant);
  });

  registerRoute(app, issueSignupCodesContract, async (request) => {
    const { tenant, operator } = await authoriseConsoleCall(request, issueSignupCodesContract);
    return issueSignupCodes({ db, tenant, operator, count: request.body.count });
  });
}
