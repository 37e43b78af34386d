import { accountMessages } from '../../../shared/messages';

/**
 * The side menu of part 1 section 2 (Shell), in the spec's order; Logout follows as a button.
 * Passes lists the account's passes (/permits/view).
 */
export const SIDE_MENU = [
  { label: accountMessages.menuDashboard, to: '/permits/dashboard' },
  { label: accountMessages.menuPasses, to: '/permits/view' },
  { label: accountMessages.menuAccount, to: '/permits/account' },
] as const;

/** The entry a path belongs to (its pages included, e.g. /permits/view/{uuid} under Passes). */
export function activeMenuEntry(pathname: string): (typeof SIDE_MENU)[number] | null {
  return SIDE_MENU.find((item) => pathname === item.to || pathname.startsWith(`${item.to}/`)) ?? null;
}
