import type { RouteContract } from '../../../shared/contract';
import type { ContractRequest } from '../../http/register-route';
import { operatorActor, requirePermission } from '../permissions';

/**
 * The tenant and the signed-in operator of a console call, once the permission its contract names
 * is checked: each route states its permission once, in the contract the role matrix also reads.
 */
export async function authoriseConsoleCall<C extends RouteContract>(
  request: ContractRequest<C>,
  contract: C,
) {
  const tenant = await request.requireTenant();
  const operator = await request.requireOperator();
  if (!contract.permission) throw new Error(`The contract of ${contract.path} names no permission.`);
  requirePermission(operatorActor(operator), contract.permission, { tenantId: tenant.id });
  return { tenant, operator };
}
