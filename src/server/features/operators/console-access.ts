import type { FastifyRequest } from 'fastify';
import type { RouteContract } from '../../../shared/contract';
import type { OperatorRow, TenantRow } from '../../db/schema';
import type { AuditActor } from '../audit';
import { operatorActor, requirePermission } from '../permissions';

export interface ConsoleAccess {
  tenant: TenantRow;
  operator: OperatorRow;
  /** Who the audit log names for changes made in this request. */
  auditActor: AuditActor;
}

/**
 * The one check of a console call: a signed-in operator of the host's tenant (401 otherwise)
 * whose role holds the contract's permission (403 otherwise). The permission comes from the
 * contract itself, so the route, the generated role matrix and the docs cannot disagree.
 */
export async function requireConsoleAccess(
  request: Pick<FastifyRequest, 'requireTenant' | 'requireOperator'>,
  contract: RouteContract,
): Promise<ConsoleAccess> {
  if (!contract.permission) throw new Error(`${contract.method} ${contract.path} names no permission.`);
  const tenant = await request.requireTenant();
  const operator = await request.requireOperator();
  requirePermission(operatorActor(operator), contract.permission, { tenantId: tenant.id });
  return { tenant, operator, auditActor: { operatorId: operator.id, label: operator.email } };
}
