import { describe, expect, it } from 'vitest';
import {
  getConsoleOverviewContract,
  getTenantSettingsContract,
  listAuditContract,
  listConsolePassesContract,
  listConsoleProductsContract,
  listConsoleReportsContract,
  listConsoleWaitlistsContract,
  listCustomersContract,
  listNoticesContract,
  listOperatorsContract,
  listRepeatOffendersContract,
  lookUpPlateContract,
  type RouteContract,
  searchDashboardAppealsContract,
} from '../../../shared/contract';
import { OPERATOR_ROLES, type OperatorRole } from '../../../shared/rules/operator-roles';
import { ACTIONS } from '../../../shared/rules/permission-actions';
import { paths } from '../../../web/app/page-paths';
import { CONSOLE_NAV_ITEMS, canOpenSection, navItemsFor } from '../../../web/features/console/nav-items';
// The console's menu beside the server's permission table (a test may cross the layers): they must not drift.
import { allowedActions, operatorActor } from '.';

/** The call each section's page makes first: its menu entry must need the same action. */
const FIRST_CALL: Record<string, RouteContract> = {
  [paths.console.overview()]: getConsoleOverviewContract,
  [paths.console.plates()]: lookUpPlateContract,
  [paths.console.notices()]: listNoticesContract,
  [paths.console.repeatOffenders()]: listRepeatOffendersContract,
  [paths.console.appeals()]: searchDashboardAppealsContract,
  [paths.console.passes()]: listConsolePassesContract,
  [paths.console.products()]: listConsoleProductsContract,
  [paths.console.waitlists()]: listConsoleWaitlistsContract,
  [paths.console.customers()]: listCustomersContract,
  [paths.console.reports()]: listConsoleReportsContract,
  [paths.console.settings()]: getTenantSettingsContract,
  [paths.console.operators()]: listOperatorsContract,
  [paths.console.audit()]: listAuditContract,
};

/** What the operator session of a role carries: the server's own computation. */
const sessionOf = (role: OperatorRole) => allowedActions(operatorActor({ id: 'o', tenantId: 't', role }));

describe('the console menu follows the server permission table', () => {
  it('names, for every entry, an action of the table: the one its page’s first call needs', () => {
    for (const item of CONSOLE_NAV_ITEMS) {
      expect(ACTIONS).toContain(item.action);
      expect(FIRST_CALL[item.path]?.permission, item.path).toBe(item.action);
    }
    expect(Object.keys(FIRST_CALL).sort()).toEqual(CONSOLE_NAV_ITEMS.map((item) => item.path).sort());
  });

  for (const role of OPERATOR_ROLES) {
    it(`shows ${role} exactly the sections whose calls the table allows`, () => {
      const allowed = CONSOLE_NAV_ITEMS.filter((item) =>
        sessionOf(role).includes(FIRST_CALL[item.path]!.permission!),
      );
      expect(navItemsFor(sessionOf(role)).map((item) => item.path)).toEqual(allowed.map((item) => item.path));
    });
  }

  it('gives staff the office queue and enforcement officers the field, never the tenant set-up', () => {
    const menu = (role: OperatorRole) => navItemsFor(sessionOf(role)).map((item) => item.path);
    expect(menu('tenant_admin')).toEqual(CONSOLE_NAV_ITEMS.map((item) => item.path));
    for (const role of ['staff', 'enforcement'] as const) {
      for (const adminOnly of [paths.console.settings(), paths.console.operators(), paths.console.audit()]) {
        expect(menu(role)).not.toContain(adminOnly);
      }
    }
    expect(menu('staff')).toContain(paths.console.appeals());
    expect(menu('enforcement')).not.toContain(paths.console.appeals());
    expect(menu('enforcement')).not.toContain(paths.console.customers());
  });

  it('links an overview figure only to a section the session may open', () => {
    const staff = sessionOf('staff');
    expect(canOpenSection(staff, paths.console.passes({ status: 'waiting' }))).toBe(true);
    expect(canOpenSection(sessionOf('enforcement'), paths.console.appeals())).toBe(false);
    expect(canOpenSection(staff, paths.console.audit())).toBe(false);
  });
});
