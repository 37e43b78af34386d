import {
  cancelPassesContract,
  revokeAccessCodesContract,
  voidNoticesContract,
} from '../../../shared/contract';
import type { ApiInstance } from '../../api-instance';
import { tenantBaseUrl } from '../../config';
import { registerRoute } from '../../http/register-route';
import { authoriseConsoleCall } from '../console-notices';
import { requireOperatorFor } from '../console-passes';
import { cancelPasses } from './cancel-passes';
import { revokeAccessCodes } from './revoke-access-codes';
import { voidNotices } from './void-notices';

/**
 * Bulk work on the console's lists (issue 33, decisions 198 and 224): one call per action that
 * applies to every row it can and names the others with the reason.
 */
export async function consoleBulkRoutes(app: ApiInstance) {
  const { db, clock, config, payments } = app.deps;

  registerRoute(app, voidNoticesContract, async (request) => {
    const { tenant, operator } = await authoriseConsoleCall(request, voidNoticesContract);
    return voidNotices({ db, tenant, operator, body: request.body, now: clock.now() });
  });

  registerRoute(app, cancelPassesContract, async (request) => {
    const context = await requireOperatorFor(request, cancelPassesContract.permission);
    return cancelPasses({
      db,
      gateway: payments,
      context,
      tenantUrl: tenantBaseUrl(config, context.tenant.subdomain),
      body: request.body,
      now: clock.now(),
      log: request.log,
    });
  });

  registerRoute(app, revokeAccessCodesContract, async (request) => {
    const context = await requireOperatorFor(request, revokeAccessCodesContract.permission);
    return revokeAccessCodes({
      db,
      context,
      productId: request.params.uuid,
      body: request.body,
      now: clock.now(),
    });
  });
}
