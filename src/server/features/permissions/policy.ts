import { OPERATOR_ROLES, type OperatorRole } from '../../../shared/rules/operator-roles';
import { forbidden, notFound } from '../../errors';
import { ACTIONS, type Action } from './actions';
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

/**
 * Who may do an action. Operators and the platform admin may also do what anyone may; the
 * platform admin may do whatever a tenant admin may (support).
 */
type Grantee =
  /** Anyone on a tenant's host, signed in or not. */
  | 'anyone'
  /** A signed-in customer (or business member), on their own account: no resource needed. */
  | 'customer'
  /** A business member, without a particular record. */
  | 'business-member'
  /** The pass's holder: the customer it was issued to, or the holder of its uuid (part 2 section 6). */
  | 'pass-holder'
  /** A member of the business that issued the pass. */
  | 'business-pass'
  /** Field work: a patrol device with an API key. */
  | 'enforcement-key'
  | OperatorRole
  | 'platform-admin';

const ANYONE = ['anyone'] as const;
/** The office: admins and staff work the day-to-day queue; only admins set the tenant up. */
const OFFICE = ['tenant_admin', 'staff'] as const;
/** Every operator, enforcement officers too: they read what checking plates and writing notices needs (issue 11). */
const ALL_OPERATORS = ['tenant_admin', 'staff', 'enforcement'] as const;

/**
 * Every action and who may do it, one line an action: typed by the shared action list, so an
 * action added there without a decision here does not compile.
 */
const WHO_MAY: Record<Action, readonly Grantee[]> = {
  'brand.read': ANYONE,
  'citation.read': ANYONE,
  'citation.pay': ANYONE,
  'appeal.create': ANYONE,
  'product.read': ANYONE,
  'pass.checkout': ANYONE,
  'report.read': ANYONE,
  'account.manage': ['customer'],
  'vehicle.manage': ['customer'],
  'guest-code.request': ['customer'],
  'pass.apply': ['customer'],
  'pass.read': ['pass-holder', 'business-pass', ...ALL_OPERATORS],
  'pass.edit': ['pass-holder', 'business-pass', ...OFFICE],
  'pass.pay': ['pass-holder', 'business-pass', 'tenant_admin'],
  'pass.cancel': ['pass-holder', 'business-pass', ...OFFICE],
  'pass.approve': ['business-pass', ...OFFICE],
  'pass.set-times': OFFICE,
  'pass.list': ALL_OPERATORS,
  'pass.issue-for-others': ['business-member', ...OFFICE],
  'product.manage': ['tenant_admin'],
  'access-code.manage': OFFICE,
  'appeal.list': OFFICE,
  'appeal.answer': OFFICE,
  'notice.create': ['enforcement-key', ...ALL_OPERATORS],
  'console.read': ALL_OPERATORS,
  'notice.list': ALL_OPERATORS,
  'notice.edit': OFFICE,
  'violation-code.manage': OFFICE,
  'pass.refund': OFFICE,
  'notice.refund': OFFICE,
  'customer.list': OFFICE,
  'customer.manage': OFFICE,
  'customer.export': ['tenant_admin'],
  'customer.erase': ['tenant_admin'],
  'tenant.export': ['tenant_admin'],
  'report.list': ALL_OPERATORS,
  'audit.read': ['tenant_admin'],
  'plate.check': ['enforcement-key', 'tenant_admin', 'enforcement'],
  'scan.create': ['enforcement-key', 'tenant_admin', 'enforcement'],
  'report.create': ALL_OPERATORS,
  'operator.manage': ['tenant_admin'],
  'settings.manage': ['tenant_admin'],
  'apikey.manage': ['tenant_admin'],
  'tenant.manage': ['platform-admin'],
};

/** The actions `grantees` may do, as a set to look up. */
const actionsOf = (...grantees: Grantee[]): ReadonlySet<Action> =>
  new Set(ACTIONS.filter((action) => WHO_MAY[action].some((grantee) => grantees.includes(grantee))));

const PUBLIC_ACTIONS = actionsOf('anyone');
const SELF_ACTIONS = actionsOf('customer');
const BUSINESS_MEMBER_ACTIONS = actionsOf('business-member');
const HOLDER_PASS_ACTIONS = actionsOf('pass-holder');
const BUSINESS_PASS_ACTIONS = actionsOf('business-pass');
const ENFORCEMENT_KEY_ACTIONS = actionsOf('enforcement-key');
const OPERATOR_ACTIONS = Object.fromEntries(
  OPERATOR_ROLES.map((role) => [role, actionsOf('anyone', role)]),
) as Record<OperatorRole, ReadonlySet<Action>>;
const PLATFORM_ADMIN_ACTIONS = actionsOf('anyone', 'tenant_admin', 'platform-admin');

export type PermissionDecision = 'allowed' | 'forbidden' | 'not-found';

const isPassAction = (action: Action) => HOLDER_PASS_ACTIONS.has(action) || BUSINESS_PASS_ACTIONS.has(action);

function decideForCustomer(
  actor: Extract<Actor, { kind: 'customer' | 'business-member' }>,
  action: Action,
  resource: PermissionResource | undefined,
): boolean {
  if (PUBLIC_ACTIONS.has(action) || SELF_ACTIONS.has(action)) return true;
  if (actor.kind === 'business-member' && BUSINESS_MEMBER_ACTIONS.has(action)) return true;
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
      return ENFORCEMENT_KEY_ACTIONS.has(action);
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

/**
 * Every action the actor may do without naming a record: what an operator's session carries, so
 * the console shows only the menu entries and buttons the server will accept (decision 240).
 */
export function allowedActions(actor: Actor): Action[] {
  return ACTIONS.filter((action) => can(actor, action));
}

/** Throws a 403 AppError when the actor may not do this, a 404 for another tenant's record. */
export function requirePermission(actor: Actor, action: Action, resource?: PermissionResource): void {
  const decision = decidePermission(actor, action, resource);
  if (decision === 'not-found') throw notFound('Record');
  if (decision === 'forbidden') throw forbidden('You are not allowed to do this.');
}
