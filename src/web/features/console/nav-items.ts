import { repeatOffenderMessages } from '../../../shared/messages/repeat-offenders';
import type { OperatorRole } from '../../../shared/rules/operator-roles';
import { paths } from '../../app/page-paths';

/**
 * The console's sections, in menu order (issue 11). Each section's pages live in
 * `features/console/<section>/` and are listed in that folder's routes.tsx; the menu shows a
 * section only to the roles that may use it (the server checks every call again).
 */
export interface ConsoleNavItem {
  label: string;
  path: string;
  roles: readonly OperatorRole[];
}

const EVERYONE: readonly OperatorRole[] = ['tenant_admin', 'staff', 'enforcement'];
const OFFICE: readonly OperatorRole[] = ['tenant_admin', 'staff'];
const ADMIN: readonly OperatorRole[] = ['tenant_admin'];

export const CONSOLE_NAV_ITEMS: readonly ConsoleNavItem[] = [
  { label: 'Overview', path: paths.console.overview(), roles: EVERYONE },
  { label: 'Plate lookup', path: paths.console.plates(), roles: EVERYONE },
  { label: 'Notices', path: paths.console.notices(), roles: EVERYONE },
  { label: repeatOffenderMessages.pageTitle, path: paths.console.repeatOffenders(), roles: EVERYONE },
  { label: 'Appeals', path: paths.console.appeals(), roles: OFFICE },
  { label: 'Passes', path: paths.console.passes(), roles: EVERYONE },
  { label: 'Pass products', path: paths.console.products(), roles: OFFICE },
  { label: 'Waitlists', path: paths.console.waitlists(), roles: OFFICE },
  { label: 'Customers', path: paths.console.customers(), roles: OFFICE },
  { label: 'Reports', path: paths.console.reports(), roles: EVERYONE },
  { label: 'Settings', path: paths.console.settings(), roles: ADMIN },
  { label: 'Operators', path: paths.console.operators(), roles: ADMIN },
  { label: 'Audit log', path: paths.console.audit(), roles: ADMIN },
];

export function navItemsFor(role: OperatorRole): ConsoleNavItem[] {
  return CONSOLE_NAV_ITEMS.filter((item) => item.roles.includes(role));
}
