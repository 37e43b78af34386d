import { consoleNavMessages } from '../../../shared/messages/console-nav';
import type { OperatorRole } from '../../../shared/rules/operator-roles';
import { paths } from '../../app/page-paths';

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
  section('overview', paths.console.overview(), EVERYONE),
  section('plates', paths.console.plates(), EVERYONE),
  section('notices', paths.console.notices(), EVERYONE),
  section('repeatOffenders', paths.console.repeatOffenders(), EVERYONE),
  section('appeals', paths.console.appeals(), OFFICE),
  section('passes', paths.console.passes(), EVERYONE),
  section('products', paths.console.products(), OFFICE),
  section('waitlists', paths.console.waitlists(), OFFICE),
  section('customers', paths.console.customers(), OFFICE),
  section('reports', paths.console.reports(), EVERYONE),
  section('settings', paths.console.settings(), ADMIN),
  section('operators', paths.console.operators(), ADMIN),
  section('audit', paths.console.audit(), ADMIN),
];

export function navItemsFor(role: OperatorRole): ConsoleNavItem[] {
  return CONSOLE_NAV_ITEMS.filter((item) => item.roles.includes(role));
}
