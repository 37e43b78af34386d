import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { ACTIONS, type Action, PASS_ACTIONS } from './actions';
import type { Actor } from './actors';
import { customerActor, operatorActor } from './actors';
import { can, decidePermission, type PermissionResource, requirePermission } from './policy';

const TENANT = 't-1';
const OTHER_TENANT = 't-2';

const actors = {
  anonymous: { kind: 'anonymous', tenantId: TENANT },
  holder: { kind: 'pass-holder', tenantId: TENANT, passId: 'pass-1' },
  customer: { kind: 'customer', tenantId: TENANT, customerId: 'cust-1' },
  member: { kind: 'business-member', tenantId: TENANT, customerId: 'cust-2', businessAccountId: 'biz-1' },
  admin: { kind: 'operator', tenantId: TENANT, operatorId: 'op-1', role: 'tenant_admin' },
  staff: { kind: 'operator', tenantId: TENANT, operatorId: 'op-2', role: 'staff' },
  officer: { kind: 'operator', tenantId: TENANT, operatorId: 'op-3', role: 'enforcement' },
  apiKey: { kind: 'enforcement-key', tenantId: TENANT, apiKeyId: 'key-1' },
  platform: { kind: 'platform-admin', adminId: 'root' },
} satisfies Record<string, Actor>;
type ActorName = keyof typeof actors;
const ALL = Object.keys(actors) as ActorName[];

/**
 * Who may do each action without a particular record: the whole table, one row per action.
 * Pass actions are listed with the record they act on further below.
 */
const WHO_MAY: Record<Exclude<Action, (typeof PASS_ACTIONS)[number]>, ActorName[]> = {
  'brand.read': ['anonymous', 'holder', 'customer', 'member', 'admin', 'staff', 'officer', 'platform'],
  'citation.read': ['anonymous', 'holder', 'customer', 'member', 'admin', 'staff', 'officer', 'platform'],
  'citation.pay': ['anonymous', 'holder', 'customer', 'member', 'admin', 'staff', 'officer', 'platform'],
  'appeal.create': ['anonymous', 'holder', 'customer', 'member', 'admin', 'staff', 'officer', 'platform'],
  'product.read': ['anonymous', 'holder', 'customer', 'member', 'admin', 'staff', 'officer', 'platform'],
  'pass.checkout': ['anonymous', 'holder', 'customer', 'member', 'admin', 'staff', 'officer', 'platform'],
  'report.read': ['anonymous', 'holder', 'customer', 'member', 'admin', 'staff', 'officer', 'platform'],
  'account.manage': ['customer', 'member'],
  'vehicle.manage': ['customer', 'member'],
  'guest-code.request': ['customer', 'member'],
  'pass.apply': ['customer', 'member'],
  'pass.list': ['admin', 'staff', 'officer', 'platform'],
  'pass.issue-for-others': ['member', 'admin', 'staff', 'platform'],
  'product.manage': ['admin', 'platform'],
  'access-code.manage': ['admin', 'staff', 'platform'],
  'appeal.list': ['admin', 'staff', 'platform'],
  'appeal.answer': ['admin', 'staff', 'platform'],
  'notice.create': ['admin', 'staff', 'officer', 'apiKey', 'platform'],
  'console.read': ['admin', 'staff', 'officer', 'platform'],
  'notice.list': ['admin', 'staff', 'officer', 'platform'],
  'notice.edit': ['admin', 'staff', 'platform'],
  'violation-code.manage': ['admin', 'staff', 'platform'],
  'pass.refund': ['admin', 'staff', 'platform'],
  'notice.refund': ['admin', 'staff', 'platform'],
  'customer.list': ['admin', 'staff', 'platform'],
  'customer.manage': ['admin', 'staff', 'platform'],
  'report.list': ['admin', 'staff', 'officer', 'platform'],
  'audit.read': ['admin', 'platform'],
  'plate.check': ['admin', 'officer', 'apiKey', 'platform'],
  'scan.create': ['admin', 'officer', 'apiKey', 'platform'],
  'report.create': ['admin', 'staff', 'officer', 'platform'],
  'operator.manage': ['admin', 'platform'],
  'settings.manage': ['admin', 'platform'],
  'customer.export': ['admin', 'platform'],
  'customer.erase': ['admin', 'platform'],
  'tenant.export': ['admin', 'platform'],
  'apikey.manage': ['admin', 'platform'],
  'tenant.manage': ['platform'],
};

describe('permissions: actor × action without a record', () => {
  for (const [action, allowed] of Object.entries(WHO_MAY) as Array<[Action, ActorName[]]>) {
    for (const name of ALL) {
      const expected = allowed.includes(name);
      it(`${name} ${expected ? 'may' : 'may not'} ${action}`, () => {
        expect(can(actors[name], action, { tenantId: TENANT })).toBe(expected);
      });
    }
  }

  it('lists every action in the table (a new action needs a decision)', () => {
    expect([...Object.keys(WHO_MAY), ...PASS_ACTIONS].sort()).toEqual([...ACTIONS].sort());
  });
});

/** A pass issued to `customer` by business 'biz-1' (with pass id 'pass-1'), and a stranger's pass. */
const ownPass: PermissionResource = {
  tenantId: TENANT,
  passId: 'pass-1',
  customerId: 'cust-1',
  businessAccountId: null,
};
const businessPass: PermissionResource = {
  tenantId: TENANT,
  passId: 'pass-9',
  customerId: null,
  businessAccountId: 'biz-1',
};
const strangersPass: PermissionResource = {
  tenantId: TENANT,
  passId: 'pass-5',
  customerId: 'cust-77',
  businessAccountId: 'biz-2',
};

const PASS_TABLE: Array<[ActorName, Action, PermissionResource, boolean]> = [
  ['anonymous', 'pass.read', ownPass, false],
  ['holder', 'pass.read', ownPass, true],
  ['holder', 'pass.edit', ownPass, true],
  ['holder', 'pass.pay', ownPass, true],
  ['holder', 'pass.cancel', ownPass, true],
  ['holder', 'pass.approve', ownPass, false],
  ['holder', 'pass.set-times', ownPass, false],
  ['holder', 'pass.read', strangersPass, false],
  ['customer', 'pass.read', ownPass, true],
  ['customer', 'pass.edit', ownPass, true],
  ['customer', 'pass.cancel', ownPass, true],
  ['customer', 'pass.approve', ownPass, false],
  ['customer', 'pass.read', strangersPass, false],
  ['customer', 'pass.read', businessPass, false],
  ['member', 'pass.read', businessPass, true],
  ['member', 'pass.approve', businessPass, true],
  ['member', 'pass.cancel', businessPass, true],
  ['member', 'pass.set-times', businessPass, false],
  ['member', 'pass.approve', strangersPass, false],
  ['member', 'pass.read', strangersPass, false],
  ['admin', 'pass.approve', strangersPass, true],
  ['admin', 'pass.set-times', strangersPass, true],
  ['staff', 'pass.approve', strangersPass, true],
  ['staff', 'pass.pay', strangersPass, false],
  ['officer', 'pass.read', strangersPass, true],
  ['officer', 'pass.approve', strangersPass, false],
  ['apiKey', 'pass.read', strangersPass, false],
  ['platform', 'pass.approve', strangersPass, true],
];

describe('permissions: actor × action on one pass', () => {
  for (const [name, action, resource, expected] of PASS_TABLE) {
    it(`${name} ${expected ? 'may' : 'may not'} ${action} on pass ${resource.passId}`, () => {
      expect(can(actors[name], action, resource)).toBe(expected);
    });
  }

  it('refuses every pass action when no pass is named', () => {
    for (const name of ['holder', 'customer', 'member'] as const) {
      expect(can(actors[name], 'pass.read')).toBe(false);
    }
  });
});

describe('requirePermission', () => {
  it('passes silently when allowed', () => {
    expect(() => requirePermission(actors.staff, 'appeal.answer', { tenantId: TENANT })).not.toThrow();
  });

  it('throws a 403 AppError when forbidden', () => {
    let thrown: unknown;
    try {
      requirePermission(actors.officer, 'appeal.answer', { tenantId: TENANT });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect(thrown).toMatchObject({ statusCode: 403, code: 'forbidden' });
  });

  it("answers 404 for another tenant's record, whoever asks, except the platform admin", () => {
    for (const name of ALL.filter((actor) => actor !== 'platform')) {
      expect(decidePermission(actors[name], 'pass.read', { ...ownPass, tenantId: OTHER_TENANT })).toBe(
        'not-found',
      );
    }
    expect(() => requirePermission(actors.admin, 'pass.approve', { tenantId: OTHER_TENANT })).toThrow(
      expect.objectContaining({ statusCode: 404 }),
    );
    expect(decidePermission(actors.platform, 'pass.approve', { tenantId: OTHER_TENANT })).toBe('allowed');
  });
});

describe('actors from rows', () => {
  it('makes a business member of a customer with a business account', () => {
    expect(customerActor({ id: 'c', tenantId: TENANT, businessAccountId: 'b' })).toEqual({
      kind: 'business-member',
      tenantId: TENANT,
      customerId: 'c',
      businessAccountId: 'b',
    });
    expect(customerActor({ id: 'c', tenantId: TENANT, businessAccountId: null }).kind).toBe('customer');
  });

  it("carries the operator's role", () => {
    expect(operatorActor({ id: 'o', tenantId: TENANT, role: 'staff' })).toMatchObject({ role: 'staff' });
  });
});
