import { consoleNavMessages } from '../../../shared/messages/console-nav';
import type { Action } from '../../../shared/rules/permission-actions';
import { paths } from '../../app/page-paths';

/**
 * The console's sections, in menu order (issue 11). Each section's pages live in
 * `features/console/<section>/` and are listed in that folder's routes.tsx. Each entry names the
 * action its page's first call needs, so the menu follows the server's permission table (issue 33,
 * decision 240): the operator session lists the actions the role holds, and the server checks every
 * call again.
 */
export interface ConsoleNavItem {
  readonly label: string;
  path: string;
  action: Action;
}

/** A section whose label is read from the catalogue each time, so it is in the page's language. */
function section(key: keyof typeof consoleNavMessages, path: string, action: Action): ConsoleNavItem {
  return {
    get label() {
      return consoleNavMessages[key];
    },
    path,
    action,
  };
}

export const CONSOLE_NAV_ITEMS: readonly ConsoleNavItem[] = [
  section('overview', paths.console.overview(), 'console.read'),
  section('plates', paths.console.plates(), 'console.read'),
  section('notices', paths.console.notices(), 'notice.list'),
  section('repeatOffenders', paths.console.repeatOffenders(), 'notice.list'),
  section('appeals', paths.console.appeals(), 'appeal.list'),
  section('passes', paths.console.passes(), 'pass.list'),
  section('products', paths.console.products(), 'access-code.manage'),
  section('waitlists', paths.console.waitlists(), 'pass.list'),
  section('customers', paths.console.customers(), 'customer.list'),
  section('reports', paths.console.reports(), 'report.list'),
  section('settings', paths.console.settings(), 'settings.manage'),
  section('operators', paths.console.operators(), 'operator.manage'),
  section('audit', paths.console.audit(), 'audit.read'),
];

/**
 * A console route's `handle` when its page needs more than its section's action (a product's
 * editor, the notice import): the frame shows "not for your role" instead of a page of refusals.
 */
export interface ConsoleRouteHandle {
  action: Action;
}

export const needsAction = (action: Action): ConsoleRouteHandle => ({ action });

/** The sections an operator holding `permissions` (from their session) may open. */
export function navItemsFor(permissions: readonly Action[]): ConsoleNavItem[] {
  return CONSOLE_NAV_ITEMS.filter((item) => permissions.includes(item.action));
}

/** Whether `to` (a path, perhaps with a query) is a section those permissions may open. */
export function canOpenSection(permissions: readonly Action[], to: string): boolean {
  const path = to.split('?')[0];
  return navItemsFor(permissions).some((item) => item.path === path);
}
