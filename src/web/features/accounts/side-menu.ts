import { accountMessages } from '../../../shared/messages';
import { paths } from '../../app/page-paths';

/**
 * The side menu of part 1 section 2 (Shell), in the spec's order, with the vehicles screen and My
 * visitors of part 2 (issue 27: a customer could not find them); Logout follows as a button.
 * Passes lists the account's passes (/permits/view).
 */
export const SIDE_MENU = () =>
  [
    { label: accountMessages.menuDashboard, to: paths.account.dashboard() },
    { label: accountMessages.menuPasses, to: paths.passes.list() },
    { label: accountMessages.menuVehicles, to: paths.passes.vehicles() },
    { label: accountMessages.menuVisitors, to: paths.passes.visitors() },
    { label: accountMessages.menuAccount, to: paths.account.settings() },
  ] as const;

export type SideMenuEntry = ReturnType<typeof SIDE_MENU>[number];

/**
 * The entry a path belongs to (its pages included, e.g. /permits/view/{uuid} under Passes), unless
 * the page names its own entry: a visitor-only pass's detail belongs to My visitors (part 2
 * section 2, Permit detail).
 */
export function activeMenuEntry(pathname: string, pageEntryPath?: string | null): SideMenuEntry | null {
  if (pageEntryPath) return SIDE_MENU().find((item) => item.to === pageEntryPath) ?? null;
  return SIDE_MENU().find((item) => pathname === item.to || pathname.startsWith(`${item.to}/`)) ?? null;
}
