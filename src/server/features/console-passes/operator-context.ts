import type { FastifyRequest } from 'fastify';
import type { Action } from '../../../shared/rules/permission-actions';
import type { OperatorRow, TenantRow } from '../../db/schema';
import type { AuditActor } from '../audit';
import { operatorActor, requirePermission } from '../permissions';

/** What every console handler needs: the host's tenant, the signed-in operator and the audit actor. */
export interface OperatorContext {
  tenant: TenantRow;
  operator: OperatorRow;
  auditActor: AuditActor;
}

/** The signed-in operator of the host's tenant, allowed `action` (401, 403 or 404 otherwise). */
export async function requireOperatorFor(
  request: Pick<FastifyRequest, 'requireTenant' | 'requireOperator'>,
  action: Action,
): Promise<OperatorContext> {
  const tenant = await request.requireTenant();
  const operator = await request.requireOperator();
  requirePermission(operatorActor(operator), action, { tenantId: tenant.id });
  return { tenant, operator, auditActor: { operatorId: operator.id, label: operator.email } };
}
