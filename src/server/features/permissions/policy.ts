import type { OperatorRole } from '../../../shared/rules/operator-roles';
import { forbidden, notFound } from '../../errors';
import type { Action } from './actions';
import type { Actor } from './actors';

/**
 * What an action is about. `tenantId` is the record's tenant; for a pass, its id and owners
 * (the customer it was issued to, the business account that issued it).
 */
export interface PermissionResource {
  tenantId?: string;
  passId?: string;
  customerId?: string | null;
  businessAccountId?: string | null;
}

/** What anyone on a tenant's host may do, signed in or not. */
const PUBLIC_ACTIONS: ReadonlySet<Action> = new Set<Action>([
  'brand.read',
  'citation.read',
  'citation.pay',
  'appeal.create',
  'product.read',
  'pass.checkout',
  'report.read',
]);

/** A customer's own account; checked against the actor itself, so no resource is needed. */
const SELF_ACTIONS: ReadonlySet<Action> = new Set<Action>([
  'account.manage',
  'vehicle.manage',
  'guest-code.request',
  'pass.apply',
]);

/** What the holder of a pass's uuid may do to that pass (part 2 section 6, anonymous guest). */
const HOLDER_PASS_ACTIONS: ReadonlySet<Action> = new Set<Action>([
  'pass.read',
  'pass.edit',
  'pass.pay',
  'pass.cancel',
]);

/** What a business member may do to a pass its business issued, besides what a holder may. */
const BUSINESS_PASS_ACTIONS: ReadonlySet<Action> = new Set<Action>([...HOLDER_PASS_ACTIONS, 'pass.approve']);

/** Field work: what a patrol device with an API key may do. */
const ENFORCEMENT_ACTIONS: ReadonlySet<Action> = new Set<Action>([
  'plate.check',
  'scan.create',
  'notice.create',
]);

const OPERATOR_ACTIONS: Record<OperatorRole, ReadonlySet<Action>> = {
  tenant_admin: new Set<Action>([
    ...PUBLIC_ACTIONS,
    'pass.read',
    'pass.edit',
    'pass.pay',
    'pass.cancel',
    'pass.approve',
    'pass.set-times',
    'pass.list',
    'pass.issue-for-others',
    'product.manage',
    'access-code.manage',
    'appeal.list',
    'appeal.answer',
    'notice.create',
    'plate.check',
    'scan.create',
    'report.create',
    'console.read',
    'notice.list',
    'notice.edit',
    'violation-code.manage',
    'pass.refund',
    'customer.list',
    'customer.manage',
    'report.list',
    'audit.read',
    'operator.manage',
    'settings.manage',
    'apikey.manage',
  ]),
  /** Office staff: the day-to-day queue, not the tenant's set-up. */
  staff: new Set<Action>([
    ...PUBLIC_ACTIONS,
    'pass.read',
    'pass.edit',
    'pass.cancel',
    'pass.approve',
    'pass.set-times',
    'pass.list',
    'pass.issue-for-others',
    'access-code.manage',
    'appeal.list',
    'appeal.answer',
    'report.create',
    'console.read',
    'notice.list',
    'notice.create',
    'notice.edit',
    'violation-code.manage',
    'pass.refund',
    'customer.list',
    'customer.manage',
    'report.list',
  ]),
  /**
   * Enforcement officers: checking plates, writing notices and patrol reports (issue 11), reading
   * what they need for it.
   */
  enforcement: new Set<Action>([
    ...PUBLIC_ACTIONS,
    ...ENFORCEMENT_ACTIONS,
    'pass.read',
    'pass.list',
    'report.create',
    'console.read',
    'notice.list',
    'report.list',
  ]),
};

/** The platform admin sets tenants up and may act as any tenant's admin (support). */
const PLATFORM_ADMIN_ACTIONS: ReadonlySet<Action> = new Set<Action>([
  ...OPERATOR_ACTIONS.tenant_admin,
  'tenant.manage',
]);

export type PermissionDecision = 'allowed' | 'forbidden' | 'not-found';

const isPassAction = (action: Action) => HOLDER_PASS_ACTIONS.has(action) || BUSINESS_PASS_ACTIONS.has(action);

function decideForCustomer(
  actor: Extract<Actor, { kind: 'customer' | 'business-member' }>,
  action: Action,
  resource: PermissionResource | undefined,
): boolean {
  if (PUBLIC_ACTIONS.has(action) || SELF_ACTIONS.has(action)) return true;
  if (actor.kind === 'business-member' && action === 'pass.issue-for-others') return true;
  if (!resource || !isPassAction(action)) return false;
  if (
    actor.kind === 'business-member' &&
    resource.businessAccountId === actor.businessAccountId &&
    BUSINESS_PASS_ACTIONS.has(action)
  ) {
    return true;
  }
  return resource.customerId === actor.customerId && HOLDER_PASS_ACTIONS.has(action);
}

function isAllowed(actor: Actor, action: Action, resource: PermissionResource | undefined): boolean {
  switch (actor.kind) {
    case 'anonymous':
      return PUBLIC_ACTIONS.has(action);
    case 'pass-holder':
      if (PUBLIC_ACTIONS.has(action)) return true;
      return (
        HOLDER_PASS_ACTIONS.has(action) && resource?.passId !== undefined && resource.passId === actor.passId
      );
    case 'customer':
    case 'business-member':
      return decideForCustomer(actor, action, resource);
    case 'operator':
      return OPERATOR_ACTIONS[actor.role].has(action);
    case 'enforcement-key':
      return ENFORCEMENT_ACTIONS.has(action);
    case 'platform-admin':
      return PLATFORM_ADMIN_ACTIONS.has(action);
  }
}

/**
 * Who may do what, in one place. A record of another tenant is 'not-found' (never reveal that
 * it exists); otherwise the action is 'allowed' or 'forbidden'. Pure: no database, no clock.
 */
export function decidePermission(
  actor: Actor,
  action: Action,
  resource?: PermissionResource,
): PermissionDecision {
  const isOtherTenant =
    actor.kind !== 'platform-admin' &&
    resource?.tenantId !== undefined &&
    resource.tenantId !== actor.tenantId;
  if (isOtherTenant) return 'not-found';
  return isAllowed(actor, action, resource) ? 'allowed' : 'forbidden';
}

export function can(actor: Actor, action: Action, resource?: PermissionResource): boolean {
  return decidePermission(actor, action, resource) === 'allowed';
}

/** Throws a 403 AppError when the actor may not do this, a 404 for another tenant's record. */
export function requirePermission(actor: Actor, action: Action, resource?: PermissionResource): void {
  const decision = decidePermission(actor, action, resource);
  if (decision === 'not-found') throw notFound('Record');
  if (decision === 'forbidden') throw forbidden('You are not allowed to do this.');
}
