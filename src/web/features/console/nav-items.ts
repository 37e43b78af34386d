import { consoleNavMessages } from '../../../shared/messages/console-nav';
import type { OperatorRole } from '../../../shared/rules/operator-roles';

/**
 * The console's sections, in menu order (issue 11). Each section's pages live in
 * `features/console/<section>/` and are listed in that folder's routes.tsx; the menu shows a
 * section only to the roles that may use it (the server checks every call again).
 */
export interface ConsoleNavItem {
  readonly label: string;
  path: string;
  roles: readonly OperatorRole[];
}

const EVERYONE: readonly OperatorRole[] = ['tenant_admin', 'staff', 'enforcement'];
const OFFICE: readonly OperatorRole[] = ['tenant_admin', 'staff'];
const ADMIN: readonly OperatorRole[] = ['tenant_admin'];

/** A section whose label is read from the catalogue each time, so it is in the page's language. */
function section(key: keyof typeof consoleNavMessages, path: string, roles: readonly OperatorRole[]) {
  return {
    get label() {
      return consoleNavMessages[key];
    },
    path,
    roles,
  };
}

export const CONSOLE_NAV_ITEMS: readonly ConsoleNavItem[] = [
  section('overview', '/dashboard', EVERYONE),
  section('plates', '/dashboard/plates', EVERYONE),
  section('notices', '/dashboard/notices', EVERYONE),
  section('repeatOffenders', '/dashboard/repeat-offenders', EVERYONE),
  section('appeals', '/dashboard/appeals', OFFICE),
  section('passes', '/dashboard/passes', EVERYONE),
  section('products', '/dashboard/products', OFFICE),
  section('waitlists', '/dashboard/waitlists', OFFICE),
  section('customers', '/dashboard/customers', OFFICE),
  section('reports', '/dashboard/reports', EVERYONE),
  section('settings', '/dashboard/settings', ADMIN),
  section('operators', '/dashboard/operators', ADMIN),
  section('audit', '/dashboard/audit', ADMIN),
];

export function navItemsFor(role: OperatorRole): ConsoleNavItem[] {
  return CONSOLE_NAV_ITEMS.filter((item) => item.roles.includes(role));
}
