import type { RouteObject } from 'react-router';

/** The console's settings pages (children of the console layout; paths under /dashboard). */
export const settingsConsoleRoutes: RouteObject[] = [];
