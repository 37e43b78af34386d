import { repeatOffenderMessages } from '../../../shared/messages/repeat-offenders';
import type { OperatorRole } from '../../../shared/rules/operator-roles';

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
  { label: 'Overview', path: '/dashboard', roles: EVERYONE },
  { label: 'Plate lookup', path: '/dashboard/plates', roles: EVERYONE },
  { label: 'Notices', path: '/dashboard/notices', roles: EVERYONE },
  { label: repeatOffenderMessages.pageTitle, path: '/dashboard/repeat-offenders', roles: EVERYONE },
  { label: 'Appeals', path: '/dashboard/appeals', roles: OFFICE },
  { label: 'Passes', path: '/dashboard/passes', roles: EVERYONE },
  { label: 'Pass products', path: '/dashboard/products', roles: OFFICE },
  { label: 'Waitlists', path: '/dashboard/waitlists', roles: OFFICE },
  { label: 'Customers', path: '/dashboard/customers', roles: OFFICE },
  { label: 'Reports', path: '/dashboard/reports', roles: EVERYONE },
  { label: 'Settings', path: '/dashboard/settings', roles: ADMIN },
  { label: 'Operators', path: '/dashboard/operators', roles: ADMIN },
  { label: 'Audit log', path: '/dashboard/audit', roles: ADMIN },
];

export function navItemsFor(role: OperatorRole): ConsoleNavItem[] {
  return CONSOLE_NAV_ITEMS.filter((item) => item.roles.includes(role));
}
