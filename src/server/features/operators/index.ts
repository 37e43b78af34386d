/** What other features and the app may use of this feature; its other files are its own. */

export type { ConsoleAccess } from './console-access';
export { requireConsoleAccess } from './console-access';
export { CONSOLE_PAGE_COOKIE, CONSOLE_PAGE_COOKIE_PATH, consolePageTokenFrom } from './console-page-cookie';
export { operatorConsoleRoutes } from './console-routes';
export { enqueueOperatorInvitation } from './operator-emails';
export { operatorPlugin } from './plugin';
export { operatorRoutes } from './routes';
