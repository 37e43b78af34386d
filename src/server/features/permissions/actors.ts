import type { OperatorRole } from '../../../shared/rules/operator-roles';
import type { CustomerRow, OperatorRow } from '../../db/schema';

/**
 * Everyone who can ask the server for something (docs/decisions/092). Each actor carries the
 * tenant it acts in; only the platform admin acts across tenants.
 */
export type Actor =
  /** A visitor without a token; `tenantId` is null on the bare host. */
  | { kind: 'anonymous'; tenantId: string | null }
  /** A guest holding an issued pass's random uuid: the uuid is the capability to that pass. */
  | { kind: 'pass-holder'; tenantId: string; passId: string }
  | { kind: 'customer'; tenantId: string; customerId: string }
  /** A customer who is a member of a business account. */
  | { kind: 'business-member'; tenantId: string; customerId: string; businessAccountId: string }
  | { kind: 'operator'; tenantId: string; operatorId: string; role: OperatorRole }
  /** A patrol device with one of the tenant's enforcement API keys. */
  | { kind: 'enforcement-key'; tenantId: string; apiKeyId: string }
  /** The platform's own administrator, on the bare host. */
  | { kind: 'platform-admin'; adminId: string };

export type ActorKind = Actor['kind'];

export const anonymousActor = (tenantId: string | null): Actor => ({ kind: 'anonymous', tenantId });

export const passHolderActor = (tenantId: string, passId: string): Actor => ({
  kind: 'pass-holder',
  tenantId,
  passId,
});

/** A signed-in customer: a business member when the account belongs to a business account. */
export function customerActor(customer: Pick<CustomerRow, 'id' | 'tenantId' | 'businessAccountId'>): Actor {
  return customer.businessAccountId
    ? {
        kind: 'business-member',
        tenantId: customer.tenantId,
        customerId: customer.id,
        businessAccountId: customer.businessAccountId,
      }
    : { kind: 'customer', tenantId: customer.tenantId, customerId: customer.id };
}

export const operatorActor = (operator: Pick<OperatorRow, 'id' | 'tenantId' | 'role'>): Actor => ({
  kind: 'operator',
  tenantId: operator.tenantId,
  operatorId: operator.id,
  role: operator.role,
});

export const enforcementKeyActor = (tenantId: string, apiKeyId: string): Actor => ({
  kind: 'enforcement-key',
  tenantId,
  apiKeyId,
});
