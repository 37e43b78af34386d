import { lookUpPlateContract } from '../../../shared/contract';
import type { ApiInstance } from '../../api-instance';
import { registerRoute } from '../../http/register-route';
import { requireConsoleAccess } from '../operators';
import { lookUpPlate } from './look-up-plate';

/** The console's plate lookup (issue 33). */
export async function consolePlateRoutes(app: ApiInstance) {
  const { db, clock } = app.deps;
  registerRoute(app, lookUpPlateContract, async (request) => {
    const { tenant } = await requireConsoleAccess(request, lookUpPlateContract);
    return lookUpPlate({ db, tenant, plate: request.params.plate, now: clock.now() });
  });
}
